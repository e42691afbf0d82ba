import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const coreDir = join(root, 'src/server/core');

/** The decorations the domain and the features add: core may not use them, even without importing their modules. */
const FOREIGN = ['store', 'availability', 'currentOperator', 'requireOperator', 'alerts', 'dataset', 'alertStore', 'retention'];
const names = FOREIGN.join('|');
const USES = [
  // `app.store`, `request.server.availability`, `instance.alerts?.x`, ...
  new RegExp(`\\b(?:app|server|instance|fastify|a)\\??\\.(${names})\\b`, 'g'),
  // `app.hasDecorator('store')`, `getDecorator('dataset')`, `dependencies: ['store']`
  new RegExp(`(?:Decorator\\(\\s*|dependencies:\\s*\\[[^\\]]*)['"](${names})['"]`, 'g'),
];

/** The foreign decorations `code` uses, as `line: name`. */
function foreignUses(code: string): string[] {
  const found: string[] = [];
  code.split('\n').forEach((line, i) => {
    for (const pattern of USES) for (const match of line.matchAll(pattern)) found.push(`${i + 1}: ${match[1]}`);
  });
  return found;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && /\.tsx?$/.test(e.name)).map((e) => join(e.parentPath, e.name));
}

test('the scan recognises a use of a domain or feature decoration', () => {
  assert.deepEqual(foreignUses('await app.store.getChannel(1);\nrequest.server.availability.forget();'), ['1: store', '2: availability']);
  assert.deepEqual(foreignUses("if (app.hasDecorator('alerts')) x();\n{ name: 'p', dependencies: ['clock', 'store'] }"), ['1: alerts', '2: store']);
  assert.deepEqual(foreignUses('app.busStore.write(batch); app.limits.stored; this.store = s;'), []);
});

test('no file under src/server/core uses a decoration of the domain or the features at run time', async () => {
  const offenders: string[] = [];
  for (const file of await sourceFiles(coreDir)) {
    for (const use of foreignUses(await readFile(file, 'utf8'))) offenders.push(`${relative(root, file)}:${use}`);
  }
  assert.deepEqual(offenders, [], 'core gets what it needs from the domain by injection (options given in app.ts)');
});
