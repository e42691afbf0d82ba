/**
 * Builds the server package (packages/server): its modules by tsc, the notification sounds beside
 * them, and the demo pages staged into it, so an installed server finds everything from its own
 * location. The bundles the pages load stay in the widget's dist/demo/ in the repository (served from
 * there); packing copies them in (scripts/pack-server.mjs).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'packages', 'server', 'dist');
// Pages, styles and plain modules; the sources the build bundles (.ts, .tsx, .vue) stay behind.
const DEMO_FILE = /\.(?:html|css|js)$/;

fs.rmSync(out, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'src', 'server', 'tsconfig.json')], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

fs.cpSync(path.join(root, 'src', 'server', 'static'), path.join(out, 'server', 'static'), { recursive: true });

const demoOut = path.join(out, 'demo');
fs.cpSync(path.join(root, 'demo'), demoOut, {
  recursive: true,
  filter: (source) => fs.statSync(source).isDirectory() || DEMO_FILE.test(source),
});
