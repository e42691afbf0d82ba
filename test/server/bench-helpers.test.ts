/** Correctness of the bench's helpers: the statistics behind every figure and the import-graph walk. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, ratioSummary, sortedCopy, summarize } from '../bench/lib/stats.js';
import { chunkName, closure, otherLanguageChunk, parseImports, widgetBytes } from '../bench/lib/bundle.js';

test('summaries: median, quartiles and extremes of unsorted runs, numeric order', () => {
  const s = summarize([10, 2, 9, 1, 100]);
  assert.deepEqual({ n: s.n, median: s.median, min: s.min, max: s.max }, { n: 5, median: 9, min: 1, max: 100 });
  assert.equal(summarize([4, 1, 3, 2]).median, 2.5);
  assert.deepEqual(sortedCopy([10, 9, 100]), [9, 10, 100]);
  assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99), 9.91);
  assert.ok(Number.isNaN(summarize([]).median));
});

test('ratios pair each run with the floor measured beside it', () => {
  assert.deepEqual(
    { ...ratioSummary([2, 9, 4], [1, 3, 4]) },
    { n: 3, median: 2, min: 1, max: 3, p25: 1.5, p75: 2.5 },
  );
});

test('the import walk follows static imports for the eager part and dynamic ones for the full widget', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-graph-'));
  fs.mkdirSync(path.join(dir, 'chunks'));
  fs.writeFileSync(path.join(dir, 'live-chat.js'), 'import{a as b}from"./chunks/shared-1.js";const x=()=>import("./chunks/index-2.js");');
  fs.writeFileSync(path.join(dir, 'chunks', 'shared-1.js'), 'export const a=1;');
  fs.writeFileSync(path.join(dir, 'chunks', 'index-2.js'), 'import"../live-chat.js";const l=()=>import("./fr-3.js");');
  fs.writeFileSync(path.join(dir, 'chunks', 'fr-3.js'), 'export default {};');
  fs.writeFileSync(path.join(dir, 'chunks', 'index-OLD.js'), 'stale chunk of an earlier build');
  fs.mkdirSync(path.join(dir, 'locales'));
  for (const l of ['en', 'fr']) fs.writeFileSync(path.join(dir, 'locales', `${l}.json`), '{}');
  try {
    assert.deepEqual(parseImports('import{a}from"./x.js";import("./y.js");import"../z.js"'), { static: ['./x.js', '../z.js'], dynamic: ['./y.js'] });
    const names = (files: string[]): string[] => files.map((f) => path.relative(dir, f));
    const entry = path.join(dir, 'live-chat.js');
    assert.deepEqual(names(closure(entry, { followDynamic: false })), ['live-chat.js', 'chunks/shared-1.js']);
    assert.deepEqual(names(closure(entry, { followDynamic: true, skip: otherLanguageChunk(path.join(dir, 'locales')) })), ['live-chat.js', 'chunks/shared-1.js', 'chunks/index-2.js']);
    assert.deepEqual(names(closure(entry, { followDynamic: true })), ['live-chat.js', 'chunks/shared-1.js', 'chunks/index-2.js', 'chunks/fr-3.js']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the chat counts the loader and the chunks that open the chat, not those loaded on demand', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-'));
  const dist = path.join(dir, 'dist');
  fs.mkdirSync(path.join(dist, 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'live-chat.js'), 'const o=()=>import("./chunks/index-Ab_3-xYz.js");const p=()=>import("./chunks/availability-poll-Q1w2E3r4.js");');
  fs.writeFileSync(path.join(dist, 'chunks', 'index-Ab_3-xYz.js'), 'import"./vendor-Zz99Zz99.js";const v=()=>import("./attachment-viewer-Aa11Bb22.js");const l=()=>import("./fr-Cc33Dd44.js");');
  for (const f of ['vendor-Zz99Zz99', 'availability-poll-Q1w2E3r4', 'attachment-viewer-Aa11Bb22', 'fr-Cc33Dd44']) fs.writeFileSync(path.join(dist, 'chunks', `${f}.js`), 'export{};');
  fs.mkdirSync(path.join(dir, 'locales'));
  for (const l of ['en', 'fr']) fs.writeFileSync(path.join(dir, 'locales', `${l}.json`), '{}');
  try {
    assert.equal(chunkName('chunks/attachment-viewer-Aa11Bb22.js'), 'attachment-viewer');
    assert.equal(chunkName('chunks/index-Ab_3-xYz.js'), 'index');
    const w = widgetBytes(dir, ['availability-poll', 'attachment-viewer']);
    assert.deepEqual(w.eager.files, ['live-chat.js']);
    assert.deepEqual(w.chat.files, ['live-chat.js', 'chunks/index-Ab_3-xYz.js', 'chunks/vendor-Zz99Zz99.js']);
    assert.deepEqual(w.full.files, ['live-chat.js', 'chunks/index-Ab_3-xYz.js', 'chunks/vendor-Zz99Zz99.js', 'chunks/attachment-viewer-Aa11Bb22.js', 'chunks/availability-poll-Q1w2E3r4.js']);
    assert.ok(w.chat.bytes.raw < w.full.bytes.raw);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
