/**
 * `npm start`: builds only when the build is missing or older than what it is built from, then runs
 * the server with the demo pages on (DEMO=1 unless set). `npm run serve` never builds.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['src', 'locales', 'demo', 'rollup.config.mjs', 'package.json', 'tsconfig.json', 'scripts/build-server.mjs'];
const outputs = ['dist/live-chat.js', 'dist/operator/index.html', 'packages/server/dist/server/main.js'];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(full, { recursive: true })) {
    const s = fs.statSync(path.join(full, String(name)));
    if (s.mtimeMs > newest) newest = s.mtimeMs;
  }
  return newest;
}

const built = outputs.map((o) => path.join(root, o));
const oldestOutput = built.every((f) => fs.existsSync(f)) ? Math.min(...built.map((f) => fs.statSync(f).mtimeMs)) : 0;
const newestSource = Math.max(...sources.map(newestMtime));
if (oldestOutput === 0 || newestSource > oldestOutput) {
  process.stdout.write(oldestOutput === 0 ? 'Building (first start)…\n' : 'Sources changed since the last build: rebuilding…\n');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'packages', 'server', 'dist', 'server', 'main.js')], {
  stdio: 'inherit',
  env: { DEMO: '1', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
