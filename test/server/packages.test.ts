/**
 * Issue 13: the two packages as users get them. Both are packed from the built repository, installed
 * from their tarballs with `--omit=dev` into empty folders outside it, and the server's command is
 * started from yet another folder. The installs come from the npm cache the repository's own install
 * filled (`--prefer-offline`); better-sqlite3 compiles, so this test takes about a minute.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rootDir } from './support/harness.js';
import { initAnswer, startServer } from './support/started-server.js';

interface Manifest {
  name: string;
  version: string;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const SERVER_ONLY = ['fastify', 'pg', 'better-sqlite3', 'nodemailer', 'kysely', 'prom-client', '@fastify/static'];

/** Runs npm; resolves with what it printed on stdout and, for warnings, on stderr. */
function npm(args: string[], cwd: string): { stdout: string; stderr: string } {
  const run = spawnSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  assert.equal(run.status, 0, `npm ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return { stdout: run.stdout, stderr: run.stderr };
}

function packedFiles(output: string): string[] {
  const [report] = JSON.parse(output.slice(output.indexOf('['), output.lastIndexOf(']') + 1)) as { files: { path: string }[] }[];
  return report!.files.map((f) => f.path);
}

/** Installs the tarballs; resolves with npm's warnings. */
function installed(folder: string, tarballs: string[]): string {
  return npm(['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs], folder).stderr;
}

function emptyProject(prefix: string, extra: Record<string, unknown> = {}): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'a-site', private: true, ...extra }));
  return folder;
}

function dependencyNames(tree: { dependencies?: Record<string, unknown> }, names = new Set<string>()): Set<string> {
  for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
    names.add(name);
    dependencyNames(child as { dependencies?: Record<string, unknown> }, names);
  }
  return names;
}

describe('the widget and server packages, packed and installed', { timeout: 8 * 60_000 }, () => {
  const widget = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as Manifest;
  const packs = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-packs-'));
  const folders: string[] = [packs];
  let widgetFiles: string[] = [];
  let serverFiles: string[] = [];

  before(() => {
    assert.ok(fs.existsSync(path.join(rootDir, 'packages', 'server', 'dist', 'server', 'cli.js')), 'npm test builds before the node tests');
    // The widget's prepack builds; npm test has built already, so its scripts are skipped here.
    widgetFiles = packedFiles(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', packs], rootDir).stdout);
    serverFiles = packedFiles(npm(['pack', '--json', '-w', 'live-chat-server', '--pack-destination', packs], rootDir).stdout);
  });

  after(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  const tarball = (name: string) => path.join(packs, `${name}-${widget.version}.tgz`);

  it('the widget tarball holds the built element, its types and manifest, and no harness', () => {
    for (const file of ['package.json', 'dist/live-chat.js', 'dist/index.js', 'dist/index.d.ts', 'dist/define.js', 'dist/define.d.ts', 'custom-elements.json', 'locales/en.json', 'dist/operator/index.html']) {
      assert.ok(widgetFiles.includes(file), `${file} is shipped`);
    }
    const harness = widgetFiles.filter((f) => /^(test|demo|src|scripts|packages)\/|^dist\/demo\/|\.map$/.test(f));
    assert.deepEqual(harness, []);
    assert.equal(Object.keys(widget.dependencies ?? {}).length, 0, 'everything the widget needs is bundled or a peer');
    assert.deepEqual(Object.keys(widget.peerDependencies ?? {}).sort(), ['react', 'react-dom']);
  });

  it('the server tarball depends on the published widget version, not on the repository', () => {
    const manifest = JSON.parse(spawnSync('tar', ['-xzOf', tarball('live-chat-server'), 'package/package.json'], { encoding: 'utf8' }).stdout) as Manifest;
    assert.equal(manifest.dependencies?.['live-chat-element'], widget.version);
    assert.equal(manifest.bin?.['live-chat-server'], './dist/server/cli.js');
    assert.ok(serverFiles.includes('dist/server/static/beep.mp3') && serverFiles.includes('dist/demo/index.html'));
    assert.deepEqual(serverFiles.filter((f) => f.endsWith('.map')), []);
    const repositoryManifest = JSON.parse(fs.readFileSync(path.join(rootDir, 'packages', 'server', 'package.json'), 'utf8')) as Manifest;
    assert.equal(repositoryManifest.dependencies?.['live-chat-element'], 'file:../..', 'packing puts the repository file back');
    assert.ok(serverFiles.includes('dist/demo/demo/react-app.js'), 'the demo pages come with the bundles they load');
    assert.ok(!fs.existsSync(path.join(rootDir, 'packages', 'server', 'dist', 'demo', 'demo')), 'and the repository is left as it was');
  });

  it('the server tarball carries the README and LICENSE its users are sent to', () => {
    for (const file of ['README.md', 'LICENSE']) {
      assert.ok(serverFiles.includes(file), `${file} is shipped`);
      assert.ok(!fs.existsSync(path.join(rootDir, 'packages', 'server', file)), `${file} is not left in the repository's package folder`);
    }
  });

  it("the repository resolves the server's dependencies from its root, at the versions the server package declares", () => {
    const server = JSON.parse(fs.readFileSync(path.join(rootDir, 'packages', 'server', 'package.json'), 'utf8')) as Manifest;
    const root = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as Manifest & { devDependencies: Record<string, string> };
    for (const [name, version] of Object.entries(server.dependencies ?? {})) {
      if (name === 'live-chat-element') continue;
      assert.equal(root.devDependencies[name], version, name);
    }
  });

  it('a widget-only install brings none of the server dependencies', () => {
    const site = emptyProject('lc-widget-only-');
    folders.push(site);
    const output = installed(site, [tarball('live-chat-element')]);
    assert.doesNotMatch(output, /EBADENGINE/);
    const tree = JSON.parse(npm(['ls', '--all', '--json'], site).stdout) as { dependencies?: Record<string, unknown> };
    const names = dependencyNames(tree);
    assert.ok(names.has('live-chat-element'));
    assert.deepEqual(SERVER_ONLY.filter((n) => names.has(n)), []);
  });

  it('the installed server runs from another folder: demo page, widget, console, sounds and init', async () => {
    // npm runs a dependency's install script only when the project allows it; better-sqlite3 needs its
    // own, allowed before installing exactly as README "Packages" says.
    const site = emptyProject('lc-server-install-');
    npm(['pkg', 'set', 'allowScripts.better-sqlite3=true', '--json'], site);
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-run-elsewhere-'));
    folders.push(site, elsewhere);
    const output = installed(site, [tarball('live-chat-element'), tarball('live-chat-server')]);
    assert.doesNotMatch(output, /EBADENGINE/);
    assert.doesNotMatch(output, /not yet covered by allowScripts/, 'the approval written before installing covers the driver');
    const bin = path.join(site, 'node_modules', '.bin', 'live-chat-server');

    const help = spawnSync(bin, ['--help'], { cwd: elsewhere, encoding: 'utf8' });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /create-operator/);
    const readme = fs.readFileSync(path.join(site, 'node_modules', 'live-chat-server', 'README.md'), 'utf8');
    const headings = new Set([...readme.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.trim()));
    const named = [...help.stdout.matchAll(/README "([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(named.length > 0, 'the help names README sections');
    assert.deepEqual(named.filter((section) => !headings.has(section)), [], 'every README section the help names is a heading of the installed README');

    const server = await startServer(bin, [], elsewhere, { DEMO: '1', LIVECHAT_ADMIN_PASSWORD: 'installed-password', LOG_LEVEL: 'info' });
    try {
      assert.doesNotMatch(server.log(), /must exist|ENOENT/, 'every folder the server serves is in the packages');
      const demo = await fetch(`${server.base}/`);
      assert.equal(demo.status, 200);
      assert.match(await demo.text(), /A host page/);
      const script = await fetch(`${server.base}/live-chat.js`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(script.status, 200);
      assert.equal(script.headers.get('content-encoding'), 'br', 'the precompressed copies are shipped');
      for (const page of ['/operator/', '/react/', '/demo/react-app.js', '/livechat/static/beep.mp3']) {
        assert.equal((await fetch(`${server.base}${page}`)).status, 200, page);
      }
      assert.equal((await initAnswer(server.base))?.available_for_me, false);
      assert.ok(fs.existsSync(path.join(elsewhere, 'data', 'livechat.sqlite')), 'the data stays with the working directory');
    } finally {
      await server.stop();
    }
  });
});
