/**
 * custom-elements.json is generated from the JSDoc of the element class (`npm run analyze`). This test
 * regenerates it into a temporary folder and fails when the committed manifest is stale or incomplete.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

interface Declaration {
  tagName?: string;
  attributes?: { name: string }[];
  events?: { name: string }[];
  members?: { name: string }[];
  cssParts?: { name: string }[];
  cssProperties?: { name: string; default?: string }[];
}

test('custom-elements.json is current and describes the whole public API', { timeout: 120_000 }, () => {
  const script = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.analyze;
  assert.ok(script, 'package.json has an analyze script');
  const args = script.split(/\s+/).slice(1);
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cem-'));
  try {
    // The analyzer joins --outdir to the working directory, so it gets a relative path. The project's
    // config keeps package.json as it is and points the manifest at the shipped files.
    execFileSync(path.join(root, 'node_modules', '.bin', 'cem'), [...args, '--outdir', path.relative(root, outdir), '--config', 'custom-elements-manifest.config.mjs'], { cwd: root, stdio: 'pipe' });
    const fresh = JSON.parse(fs.readFileSync(path.join(outdir, 'custom-elements.json'), 'utf8')) as unknown;
    const committed = JSON.parse(fs.readFileSync(path.join(root, 'custom-elements.json'), 'utf8')) as unknown;
    assert.deepEqual(committed, fresh, 'custom-elements.json is stale: run `npm run analyze` and commit it');

    // Tools read the manifest from the installed package: every module it names is a built, shipped file.
    const named = [...JSON.stringify(fresh).matchAll(/"(?:path|module)":"([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(named.length > 0);
    for (const file of new Set(named)) {
      assert.match(file, /^dist\/.+\.js$/, file);
      assert.ok(fs.existsSync(path.join(root, file)), `${file} is built`);
    }

    const modules = (fresh as { modules: { declarations?: Declaration[] }[] }).modules;
    const el = modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'live-chat');
    assert.ok(el, 'the manifest declares <live-chat>');
    assert.deepEqual(el.attributes?.map((a) => a.name).sort(), [
      'button-background-color',
      'button-text',
      'button-text-color',
      'channel-id',
      'default-message',
      'default-username',
      'header-color',
      'input-placeholder',
      'install-banner-selector',
      'lang',
      'launcher',
      'position',
      'server-url',
      'theme',
      'title-color',
      'track-pages',
      'visitor-context',
      'visitor-email',
      'visitor-hash',
      'visitor-id',
      'visitor-name',
      'visitor-token',
    ]);
    assert.deepEqual(el.events?.map((e) => e.name).sort(), [
      'livechat:closed',
      'livechat:error',
      'livechat:feedback',
      'livechat:fold',
      'livechat:message',
      'livechat:offline-message',
      'livechat:open',
      'livechat:ready',
      'livechat:transcript',
      'livechat:unread',
    ]);
    const members = new Set(el.members?.map((m) => m.name));
    for (const name of ['open', 'close', 'toggleFold', 'setUser', 'resetUser', 'context', 'isOpen', 'unreadCount']) assert.ok(members.has(name), `member ${name} is documented`);
    assert.ok((el.cssParts ?? []).some((p) => p.name === 'button'), 'the button part is documented');
    const cssProperties = new Map((el.cssProperties ?? []).map((p) => [p.name, p.default]));
    for (const name of ['accent', 'accent-text', 'header-background', 'header-color', 'button-background', 'button-color', 'font-family', 'font-size', 'radius', 'width', 'offset-bottom', 'offset-inline', 'z-index']) {
      assert.ok(cssProperties.get(`--live-chat-${name}`), `custom property --live-chat-${name} is documented with its default`);
    }
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
});
