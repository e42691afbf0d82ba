import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/** Every .ts/.tsx file under a folder of the repository, as absolute paths. */
function sources(folder: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name)) out.push(path.join(entry.parentPath, entry.name));
  }
  return out;
}

// Static imports and re-exports (type-only ones included) and dynamic `import('…')` calls.
const specifiers = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The file a relative specifier names: `.js` written in source resolves to the `.ts`/`.tsx` beside it. */
function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
}

/** The import graph: each file to the files it imports relatively. */
export function importGraph(folders: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap(sources)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(specifiers)].map((m) => resolve(file, m[1]!)).filter((f): f is string => f !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One cycle per strongly connected group of files (Tarjan), each printed as a path that comes back to its start. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(loopThrough(graph, new Set(group), node));
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** A shortest path from `start` back to itself inside one strongly connected group. */
function loopThrough(graph: Map<string, string[]>, group: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at = node; at !== start; at = previous.get(at)!) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

test('src/server and src/operator have no import cycles (type-only and dynamic imports included)', () => {
  const found = cycles(importGraph(['src/server', 'src/operator']));
  const shown = found.map((loop) => loop.map((f) => path.relative(root, f)).join('\n  → '));
  assert.equal(found.length, 0, `import cycles:\n${shown.join('\n\n')}`);
});

test('the cycle finder reports a cycle through a type-only import', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  assert.deepEqual(cycles(graph), [['a', 'b', 'c', 'a']]);
});
