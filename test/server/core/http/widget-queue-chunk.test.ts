/**
 * Issue 26: the queue's part of the widget (its line in the window, the place it follows on the bus)
 * comes with the lazily loaded chat chunk, never with the eager script every host page loads, and adds
 * at most 1.5 KB gzip to it. The configuration is built in memory, like the size budget test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { rollup, type OutputChunk, type OutputOptions, type RollupOptions } from 'rollup';

const root = new URL('../../../../', import.meta.url);
const QUEUE_MODULES = [/src[\\/]ui[\\/]thread[\\/]queue-notice\.tsx$/, /src[\\/]protocol[\\/]queue\.ts$/];
const QUEUE_GZIP_MAX = 1536;

async function widgetChunks(): Promise<OutputChunk[]> {
  const configs = ((await import(new URL('rollup.config.mjs', root).href)) as { default: RollupOptions[] }).default;
  const widget = configs.find((c) => typeof c.input === 'object' && !Array.isArray(c.input) && 'live-chat' in c.input);
  assert.ok(widget, 'rollup.config.mjs builds the live-chat entry');
  const bundle = await rollup({ ...widget, onwarn: () => undefined });
  const output = (Array.isArray(widget.output) ? widget.output[0] : widget.output) as OutputOptions;
  const { output: files } = await bundle.generate({ ...output, sourcemap: false });
  await bundle.close();
  return files.filter((f): f is OutputChunk => f.type === 'chunk');
}

test('widget: the queue comes with the chat chunk, not the eager script, within 1.5 KB gzip', { timeout: 240_000 }, async () => {
  const chunks = await widgetChunks();
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry && c.name === 'live-chat');
  assert.ok(entry, 'the eager script');
  const eager = new Set<OutputChunk>();
  const visit = (c: OutputChunk) => {
    if (eager.has(c)) return;
    eager.add(c);
    for (const name of c.imports) visit(byName.get(name)!);
  };
  visit(entry);
  const isQueue = (id: string) => QUEUE_MODULES.some((re) => re.test(id));
  for (const c of eager) assert.deepEqual(Object.keys(c.modules).filter(isQueue), [], `${c.fileName} loads with every page`);

  const chat = chunks.find((c) => Object.keys(c.modules).some((id) => /src[\\/]element[\\/]full[\\/]index\.tsx$/.test(id)));
  assert.ok(chat, 'the chat chunk');
  const queueIds = Object.keys(chat.modules).filter(isQueue);
  assert.equal(queueIds.length, QUEUE_MODULES.length, 'the queue’s modules are in the chat chunk');
  const code = queueIds.map((id) => chat.modules[id]!.code ?? '').join('\n');
  const gzip = zlib.gzipSync(code).length;
  assert.ok(gzip <= QUEUE_GZIP_MAX, `the queue's own modules: ${gzip} bytes gzip`);
});
