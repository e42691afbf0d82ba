/**
 * The wire contracts' JSON Schemas (TypeBox) live in src/protocol/schemas; the rest of src/protocol and
 * every browser folder (the widget's and the console's) name them with type-only imports, so no browser
 * bundle carries TypeBox: the widget's eager script has almost no room to spare.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const src = new URL('../../src/', import.meta.url).pathname;
const BROWSER_FOLDERS = ['protocol', 'element', 'state', 'ui', 'platform', 'operator'];
const SCHEMAS = path.join(src, 'protocol', 'schemas');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === SCHEMAS ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The modules a source imports or re-exports as values (type-only imports left out). */
function valueImports(code: string): string[] {
  const statements = code.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\sfrom\s+)?'([^']+)';/gm);
  return [...statements].filter((m) => !m[1]).map((m) => m[2]!);
}

const pullsTypeBox = (specifier: string): boolean => /^typebox(\/|$)/.test(specifier) || /(^|\/)schemas\//.test(specifier);

test('browser code and the TypeBox-free protocol files import TypeBox and protocol/schemas as types only', () => {
  const files = BROWSER_FOLDERS.flatMap((folder) => sourceFiles(path.join(src, folder)));
  assert.ok(files.length > 100, 'the scan sees the sources');
  const offending = files.flatMap((file) =>
    valueImports(fs.readFileSync(file, 'utf8'))
      .filter(pullsTypeBox)
      .map((specifier) => `${path.relative(src, file)} imports ${specifier}`),
  );
  assert.deepEqual(offending, []);
});

test('the scan tells value imports from type-only ones', () => {
  const code = [
    "import type { Static } from 'typebox';",
    "import type {\n  A,\n  B,\n} from './schemas/console.js';",
    "import Type from 'typebox';",
    "import { ChatMessageSchema } from './schemas/livechat.js';",
    "export { X } from '../protocol/schemas/console.js';",
    "import './side-effect.js';",
  ].join('\n');
  assert.deepEqual(valueImports(code).filter(pullsTypeBox), ['typebox', './schemas/livechat.js', '../protocol/schemas/console.js']);
});
