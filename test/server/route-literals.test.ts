/**
 * Route paths are written once, in src/protocol (routes.ts, console/routes.ts and the area files'
 * `*_ROUTE` constants): the server registers each under its constant and the clients call it. A path
 * written as a string anywhere else in src fails here; comments may still name a route.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const src = new URL('../../src/', import.meta.url).pathname;
const protocol = path.join(src, 'protocol');

// A quote, back-tick or template placeholder followed by a path of the chat server's route families.
const ROUTE_LITERAL = /['"`}]\/(im_livechat|mail|web|longpolling)\//;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === protocol ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [full] : [];
  });
}

/** The code of a line, or '' for a comment line (JSDoc, `//`, a block comment's body). */
function codeOf(line: string): string {
  const trimmed = line.trimStart();
  return /^(\/\/|\/\*|\*)/.test(trimmed) ? '' : line.replace(/\s\/\/ .*$/, '');
}

/** `file:line: text` of each route literal in the given sources. */
function routeLiterals(files: string[]): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (ROUTE_LITERAL.test(codeOf(line)) ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

test('no route path is written as a literal in src outside src/protocol', () => {
  const files = sourceFiles(src);
  assert.ok(files.length > 100, 'the scan sees the sources');
  assert.deepEqual(routeLiterals(files), []);
});

test('the scan catches a literal route path and leaves comments alone', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-literals-'));
  try {
    const file = path.join(dir, 'x.ts');
    fs.writeFileSync(file, ["/** Calls `/mail/chat_post`. */", "rpc('/mail/chat_post', {});", "// '/im_livechat/init'", 'fetch(`${base}/longpolling/poll`);'].join('\n'));
    assert.deepEqual(
      routeLiterals([file]).map((hit) => hit.replace(/^.*x\.ts:/, '')),
      ["2: rpc('/mail/chat_post', {});", '4: fetch(`${base}/longpolling/poll`);'],
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
