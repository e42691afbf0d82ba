import { expect } from '@playwright/test';
import { test } from './support/test.js';
import fs from 'node:fs';
import path from 'node:path';

// The published entry points exist after `npm run build`, and the library leaves React to the application.
const root = path.resolve(new URL('../..', import.meta.url).pathname);
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; default: string }>;
};

test('every export of package.json points at a built file', () => {
  for (const [name, target] of Object.entries(pkg.exports)) {
    const files = typeof target === 'string' ? [target] : [target.types, target.default];
    for (const file of files) expect(fs.existsSync(path.join(root, file)), `${name} → ${file}`).toBe(true);
  }
});

test('the library build imports React as a peer instead of bundling it', () => {
  const lib = ['dist/index.js', 'dist/define.js'].map((f) => fs.readFileSync(path.join(root, f), 'utf8')).join('\n');
  const chunks = fs.readdirSync(path.join(root, 'dist', 'lib')).filter((f) => f.endsWith('.js'));
  const all = lib + chunks.map((f) => fs.readFileSync(path.join(root, 'dist', 'lib', f), 'utf8')).join('\n');
  expect(all).toMatch(/from\s*["']react(-dom)?(\/[a-z-]+)?["']/);
  expect(all).not.toContain('react.production');
  expect(all).not.toMatch(/__SECRET_INTERNALS|__CLIENT_INTERNALS_DO_NOT_USE/);
});
