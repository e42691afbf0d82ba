/**
 * Server-side rendering (Next.js, Nuxt, Astro) imports the package's entry points in Node, where there is
 * no DOM. The library configuration of rollup.config.mjs is built from the current sources, then a plain
 * `node` process, with no DOM shim, imports both built entry points.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rollup, type OutputOptions, type RollupOptions } from 'rollup';

const root = fileURLToPath(new URL('../../', import.meta.url));

async function libraryConfig(): Promise<RollupOptions> {
  const configs = ((await import(pathToFileURL(path.join(root, 'rollup.config.mjs')).href)) as { default: RollupOptions[] }).default;
  const library = configs.find((c) => {
    const output = (Array.isArray(c.output) ? c.output[0] : c.output) as OutputOptions | undefined;
    return typeof c.input === 'object' && !Array.isArray(c.input) && 'define' in c.input && output?.entryFileNames === '[name].js';
  });
  assert.ok(library, 'rollup.config.mjs builds the index and define entries');
  return library;
}

test('the built entry points import in plain Node without a DOM', { timeout: 180_000 }, async (t) => {
  // Inside node_modules so that the bundles' `react` imports resolve as in an application.
  const cache = path.join(root, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cache, 'ssr-imports-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));

  const library = await libraryConfig();
  const bundle = await rollup({ ...library, onwarn: () => undefined });
  const output = (Array.isArray(library.output) ? library.output[0] : library.output) as OutputOptions;
  await bundle.write({ ...output, dir, sourcemap: false });
  await bundle.close();

  const expected: Record<string, string> = { 'index.js': 'LiveChatElement', 'define.js': 'defineLiveChat' };
  for (const [entry, name] of Object.entries(expected)) {
    const script = `
      const m = await import(${JSON.stringify(pathToFileURL(path.join(dir, entry)).href)});
      if (typeof HTMLElement !== 'undefined' || typeof customElements !== 'undefined') throw new Error('a DOM leaked into the check');
      console.log(Object.keys(m).sort().join(','));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    // Minified source lines in the stack are of no help; the error and its frames are.
    const error = run.stderr.split('\n').filter((line) => line.length < 300).join('\n');
    assert.equal(run.status, 0, `importing ${entry} in Node failed:\n${error}`);
    assert.ok(run.stdout.split(',').map((s) => s.trim()).includes(name), `${entry} still exports ${name} (got ${run.stdout})`);
  }
});
