import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const consoleDir = path.join(root, 'src', 'operator');
const listFile = path.join(consoleDir, 'app', 'styles.json');
const builtFile = path.join(root, 'dist', 'operator', 'operator.css');

/** The parts of operator.css, in the order the build joins them and the browser tests load them. */
const { parts } = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { parts: string[] };

/** The shell comes first, then core widgets, then the desk, then the features: a later layer may override an earlier one. */
const LAYERS = ['app', 'core', 'desk', 'features'];

const read = (part: string) => fs.readFileSync(path.join(consoleDir, part), 'utf8');

/** The top-level statements of a stylesheet, comments left out: `@media …` blocks and plain rules, in order. */
function topLevel(css: string): string[] {
  const statements: string[] = [];
  let depth = 0;
  let start = 0;
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => ' '.repeat(comment.length));
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) {
      statements.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  assert.equal(depth, 0, 'braces balance');
  assert.equal(text.slice(start).trim(), '', 'nothing after the last block');
  return statements;
}

test('every stylesheet of the console is a part of operator.css, named once, and every part exists', () => {
  const found = fs
    .readdirSync(consoleDir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.css'))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file !== 'app/theme.css')
    .sort();
  assert.deepEqual([...parts].sort(), found, 'styles.json lists exactly the .css files under src/operator (theme.css is its own stylesheet)');
  assert.equal(new Set(parts).size, parts.length, 'no part twice');
});

test('the parts come shell first, then core, desk and features, each feature in its own folder', () => {
  assert.equal(parts[0], 'app/operator.css', "the shell's part opens the stylesheet (its header says why it is a file)");
  const ranks = parts.map((part) => LAYERS.indexOf(part.split('/')[0]!));
  assert.ok(!ranks.includes(-1), `every part lives in one of ${LAYERS.join(', ')}`);
  assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), 'layers in order');
  for (const part of parts.filter((p) => p.startsWith('features/'))) {
    assert.match(part, /^features\/([a-z-]+)\/\1\.css$/, `${part}: features/<name>/<name>.css`);
  }
});

test('no part is over 300 lines, and its narrow-screen blocks follow all its own rules', () => {
  for (const part of parts) {
    const css = read(part);
    assert.ok(css.split('\n').length - 1 <= 300, `${part} is ${css.split('\n').length - 1} lines`);
    assert.ok(css.endsWith('\n') && !css.endsWith('\n\n'), `${part} ends with one newline, so the parts join cleanly`);
    const statements = topLevel(css);
    const firstWidthBlock = statements.findIndex((s) => /^@media[^{]*\((?:max|min)-width/.test(s));
    if (firstWidthBlock < 0) continue;
    const later = statements.slice(firstWidthBlock).filter((s) => !s.startsWith('@media'));
    assert.deepEqual(later, [], `${part}: rules after its first narrow-screen block would override it`);
  }
});

test('the page loads theme.css then operator.css, and the built operator.css is the parts joined in order', (t) => {
  const page = fs.readFileSync(path.join(consoleDir, 'app', 'index.html'), 'utf8');
  assert.deepEqual([...page.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]), ['theme.css', 'operator.css']);
  if (!fs.existsSync(builtFile)) {
    t.skip('not built');
    return;
  }
  assert.equal(fs.readFileSync(builtFile, 'utf8'), parts.map(read).join(''));
});
