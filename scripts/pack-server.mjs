/**
 * `npm pack` of the server package: in the repository it depends on the widget package by path
 * (`file:../..`, the root), which means nothing once published. `pin` swaps in the widget's version for
 * the tarball (building first when the build is missing) and copies in the demo pages' bundles, which
 * the widget package does not ship, and the repository's README and LICENSE, which the server's
 * `--help` and its users refer to; `restore` puts the repository's state back.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = path.join(root, 'packages', 'server', 'package.json');
const saved = `${manifest}.repository`;
const demoBundles = path.join(root, 'packages', 'server', 'dist', 'demo', 'demo');
const documents = ['README.md', 'LICENSE'];

if (process.argv[2] === 'pin') {
  if (!fs.existsSync(path.join(root, 'packages', 'server', 'dist', 'server', 'cli.js'))) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const widget = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const server = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  fs.copyFileSync(manifest, saved);
  server.dependencies[widget.name] = widget.version;
  fs.writeFileSync(manifest, `${JSON.stringify(server, null, 2)}\n`);
  fs.cpSync(path.join(root, 'dist', 'demo'), demoBundles, { recursive: true, filter: (source) => !source.endsWith('.map') });
  for (const file of documents) fs.copyFileSync(path.join(root, file), path.join(root, 'packages', 'server', file));
} else if (process.argv[2] === 'restore') {
  if (fs.existsSync(saved)) fs.renameSync(saved, manifest);
  fs.rmSync(demoBundles, { recursive: true, force: true });
  for (const file of documents) fs.rmSync(path.join(root, 'packages', 'server', file), { force: true });
} else {
  process.stderr.write('usage: pack-server.mjs pin | restore\n');
  process.exit(2);
}
