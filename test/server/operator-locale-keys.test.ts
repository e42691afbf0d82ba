import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const featuresDir = path.join(root, 'src', 'operator', 'features');

/**
 * The console's own prefixes, which any feature may use: texts shared by several folders (`common`), the
 * desk's (`conversation`, `list`, `notice`), the app shell's (`shortcuts`: the keyboard's list, which binds
 * every feature's commands) and the profile dialog of core/.
 */
const CORE_PREFIXES = ['common', 'desk', 'conversation', 'list', 'notice', 'view', 'presence', 'login', 'connection', 'profileDialog', 'shortcuts'];

// A quoted `operator.<prefix>.<rest>` key: `t('…')` calls and the labels of registry entries alike, and
// a template that picks one (`operator.search.kind.${kind}`).
const KEY = /['"`]operator\.([A-Za-z-]+)\.(?:[A-Za-z.]+['"`]|[A-Za-z.]*\$\{)/g;

/** The locale keys a file names, with their prefix after `operator.`. */
function keysOf(file: string): { key: string; prefix: string }[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(KEY)].map((m) => ({ key: m[0].slice(1).replace(/['"`]$/, ''), prefix: m[1]! }));
}

test('a console feature names only its own locale keys (operator.<folder>.*) and the core ones', () => {
  const features = fs.readdirSync(featuresDir, { withFileTypes: true }).filter((e) => e.isDirectory());
  assert.ok(features.length > 0, 'the console has features');
  const stray: string[] = [];
  for (const feature of features) {
    const dir = path.join(featuresDir, feature.name);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      for (const { key, prefix } of keysOf(file)) {
        if (prefix !== feature.name && !CORE_PREFIXES.includes(prefix)) stray.push(`${path.relative(root, file)}: ${key}`);
      }
    }
  }
  assert.deepEqual(stray, []);
});

test('every key a console feature prefix names is one a feature folder owns or a core one', () => {
  const en = JSON.parse(fs.readFileSync(path.join(root, 'locales', 'en.json'), 'utf8')) as Record<string, string>;
  const features = new Set(fs.readdirSync(featuresDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name));
  // Single-word keys (`operator.title`, `operator.logout`) belong to the app shell.
  const prefixes = new Set(Object.keys(en).filter((k) => k.startsWith('operator.') && k.split('.').length > 2).map((k) => k.split('.')[1]!));
  const unknown = [...prefixes].filter((p) => !features.has(p) && !CORE_PREFIXES.includes(p));
  assert.deepEqual(unknown, []);
});
