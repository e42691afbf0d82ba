/**
 * Size budgets of the widget build (numbers and reasons in test/budgets/size-budgets.json). The widget
 * configuration of rollup.config.mjs is built into a temporary folder, so the test measures the current
 * sources, and the sizes are deterministic: same sources, same bytes, same compression settings.
 *
 * Three budgets: the eager script every host page loads, counted as the server sends it (the body of
 * each file, precompressed by the build, asked for with `Accept-Encoding: br`); the chat (the eager script
 * plus what an English page loads to open the chat and talk: the chunk holding the React part and its
 * static imports); and each chunk loaded only on demand (a channel setting or a visitor's action), by name.
 * An on-demand chunk without a ceiling of its own fails, so no part of the widget grows unseen.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { rollup, type OutputChunk, type OutputOptions, type RollupOptions } from 'rollup';
import { staticFilesPlugin } from '../../../../src/server/core/http/static-files.js';

const root = new URL('../../../../', import.meta.url);
const budgets = JSON.parse(fs.readFileSync(new URL('test/budgets/size-budgets.json', root), 'utf8')) as {
  eagerBrotliMax: number;
  chatGzipMax: number;
  onDemandGzipMax: Record<string, { max: number; reason: string }>;
};

// The module the loader hands over to when the visitor shows interest: its chunk opens the chat.
const CHAT_MODULE = /[\\/]src[\\/]element[\\/]full[\\/]index\.tsx$/;

const gzip = (code: string): number => zlib.gzipSync(Buffer.from(code), { level: 9 }).length;

const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-size-'));
after(() => fs.rmSync(buildDir, { recursive: true, force: true }));

/** Builds the widget as `npm run build` does (its output options and plugins, precompressed copies included) into buildDir/dist. */
async function buildWidget(): Promise<OutputChunk[]> {
  const configs = ((await import(new URL('rollup.config.mjs', root).href)) as { default: RollupOptions[] }).default;
  const widget = configs.find((c) => typeof c.input === 'object' && !Array.isArray(c.input) && 'live-chat' in c.input);
  assert.ok(widget, 'rollup.config.mjs builds the live-chat entry');
  const bundle = await rollup({ ...widget, onwarn: () => undefined });
  const output = (Array.isArray(widget.output) ? widget.output[0] : widget.output) as OutputOptions;
  const { output: files } = await bundle.write({ ...output, dir: path.join(buildDir, 'dist') });
  await bundle.close();
  return files.filter((f): f is OutputChunk => f.type === 'chunk');
}

/** What the server answers a browser that accepts brotli for each file, by file name. */
async function served(fileNames: string[]): Promise<Map<string, LightMyRequestResponse>> {
  const app = Fastify();
  await app.register(staticFilesPlugin, { rootDir: buildDir, demo: false });
  await app.ready();
  try {
    const answers = new Map<string, LightMyRequestResponse>();
    for (const name of fileNames) answers.set(name, await app.inject({ method: 'GET', url: `/${name}`, headers: { 'accept-encoding': 'br' } }));
    return answers;
  } finally {
    await app.close();
  }
}

function closure(start: OutputChunk, byName: Map<string, OutputChunk>, follow: (c: OutputChunk) => string[]): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (c: OutputChunk): void => {
    if (seen.has(c.fileName)) return;
    seen.set(c.fileName, c);
    for (const name of follow(c)) {
      const next = byName.get(name);
      if (next) visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

// Texts and date-fns month names of other languages are fetched only by pages in those languages.
const isOtherLocale = (c: OutputChunk): boolean =>
  /locales[\\/](?!en\.json)[\w-]+\.json$|date-fns[\\/]locale[\\/](?!en-US[\\/.])[\w-]+\.js$/.test(c.facadeModuleId ?? '');

test('widget bundle: tiny eager loader, code-split React part, within the size budgets', { timeout: 180_000 }, async (t) => {
  const chunks = await buildWidget();
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry && c.name === 'live-chat');
  assert.ok(entry, 'live-chat.js is an entry');
  assert.equal(entry.fileName, 'live-chat.js');

  const eager = closure(entry, byName, (c) => c.imports);
  const full = closure(entry, byName, (c) => [...c.imports, ...c.dynamicImports]).filter((c) => !isOtherLocale(c));
  const chatChunk = chunks.find((c) => Object.keys(c.modules).some((m) => CHAT_MODULE.test(m)));
  assert.ok(chatChunk, 'a chunk holds src/element/full/index.tsx');
  const chat = closure(chatChunk, byName, (c) => c.imports);
  for (const c of eager) if (!chat.includes(c)) chat.push(c);
  const onDemand = full.filter((c) => !chat.includes(c));

  await t.test('the eager script holds no React and code-splits the rest under chunks/', () => {
    const eagerModules = eager.flatMap((c) => Object.keys(c.modules));
    assert.deepEqual(eagerModules.filter((m) => /node_modules[\\/](react|react-dom|scheduler|dompurify|intl-messageformat|jotai)[\\/]/.test(m)), []);
    assert.ok(entry.dynamicImports.length > 0, 'the React part is a dynamic import');
    for (const c of chunks.filter((x) => !x.isEntry)) assert.match(c.fileName, /^chunks\//);
  });

  await t.test(`eager cost ≤ ${budgets.eagerBrotliMax} bytes brotli, as the server sends it`, async () => {
    const answers = await served(eager.map((c) => c.fileName));
    for (const [name, res] of answers) assert.equal(res.statusCode, 200, name);
    // The body as sent: the build's brotli copy, or the file itself when it is too small to have one.
    const size = [...answers.values()].reduce((n, res) => n + res.rawPayload.length, 0);
    t.diagnostic(`eager: ${size} bytes brotli as served (${eager.map((c) => c.fileName).join(', ')})`);
    assert.ok(size <= budgets.eagerBrotliMax, `eager script is ${size} bytes brotli as served, budget ${budgets.eagerBrotliMax}`);
  });

  await t.test('the eager script names its source map in a header, not in a comment every host page downloads', async () => {
    assert.doesNotMatch(entry.code, /sourceMappingURL/);
    const lazy = chatChunk.fileName;
    const answers = await served(['live-chat.js', lazy, 'live-chat.js.map']);
    const res = answers.get('live-chat.js')!;
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers.sourcemap, 'live-chat.js.map');
    assert.equal(zlib.brotliDecompressSync(res.rawPayload).toString('utf8'), fs.readFileSync(path.join(buildDir, 'dist', 'live-chat.js'), 'utf8'));
    // Relative to the script's own address, so a chunk's map is looked for in chunks/.
    assert.equal(answers.get(lazy)!.headers.sourcemap, `${path.basename(lazy)}.map`);
    assert.equal(answers.get('live-chat.js.map')!.statusCode, 200);
  });

  await t.test(`chat (eager script and the chunks that open the chat) ≤ ${budgets.chatGzipMax} bytes gzip`, () => {
    assert.ok(!chat.some(isOtherLocale), 'an English page loads no other language to open the chat');
    const size = chat.reduce((n, c) => n + gzip(c.code), 0);
    t.diagnostic(`chat: ${size} bytes gzip (${chat.map((c) => c.fileName).join(', ')})`);
    assert.ok(size <= budgets.chatGzipMax, `the chat is ${size} bytes gzip, budget ${budgets.chatGzipMax}`);
  });

  await t.test('every chunk loaded on demand is listed with a ceiling of its own and stays under it', () => {
    const names = onDemand.map((c) => c.name);
    assert.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), [], 'on-demand chunks have distinct names');
    for (const c of onDemand) {
      const budget = budgets.onDemandGzipMax[c.name];
      const size = gzip(c.code);
      t.diagnostic(`on demand: ${c.name} ${size} bytes gzip${budget ? `, budget ${budget.max}` : ''}`);
      assert.ok(budget, `${c.fileName} loads on demand but has no entry "${c.name}" in onDemandGzipMax of size-budgets.json`);
      assert.ok(budget.reason.trim().length > 0, `onDemandGzipMax.${c.name} gives a reason`);
      assert.ok(size <= budget.max, `${c.fileName} is ${size} bytes gzip, budget ${budget.max}`);
    }
    const stale = Object.keys(budgets.onDemandGzipMax).filter((n) => !names.includes(n));
    assert.deepEqual(stale, [], 'every entry of onDemandGzipMax names a chunk the build still makes');
    const total = full.reduce((n, c) => n + gzip(c.code), 0);
    t.diagnostic(`full widget, every chunk an English page can load: ${total} bytes gzip (${full.length} files)`);
  });

  await t.test('no eval or Function constructor anywhere; no <style> elements created by the widget', () => {
    for (const c of chunks) {
      assert.ok(!/\beval\s*\(/.test(c.code), `${c.fileName} calls eval`);
      assert.ok(!/new Function\s*\(/.test(c.code), `${c.fileName} builds a Function`);
      // React DOM can render <style> JSX (which the widget never does), so only the widget's own modules
      // are checked here; the strict-CSP e2e test checks the running page.
      for (const [id, mod] of Object.entries(c.modules)) {
        if (!/[\\/]src[\\/]/.test(id) || id.includes('node_modules')) continue;
        assert.ok(!/createElement\(\s*["'`]style["'`]/.test(mod.code ?? ''), `${id} creates a <style> element`);
      }
    }
  });
});
