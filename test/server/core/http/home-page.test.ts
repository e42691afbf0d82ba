/**
 * Issue 13: the home page of a server without the demo gives a snippet to paste into another site, so
 * its script address must be the server's full address, never a path relative to that site.
 */
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import { Harness } from '../../support/harness.js';

const h = new Harness('sqlite');
let base = '';

before(async () => {
  await h.start();
  const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
  base = address.replace(/\/$/, '');
});
after(() => h.stop());

function snippetScripts(html: string): string[] {
  return [...html.matchAll(/&lt;script type="module" src="([^"]*)"&gt;/g)].map((m) => m[1]!);
}

it("the home page's snippet loads the widget from this server's full address", async () => {
  const res = await fetch(`${base}/`);
  assert.equal(res.status, 200);
  const scripts = snippetScripts(await res.text());
  assert.deepEqual(scripts, [`${base}/live-chat.js`]);
});

it('a forged Host never reaches the snippet', async () => {
  const res = await h.app.inject({ url: '/', headers: { host: 'evil.example' } });
  const [script] = snippetScripts(res.body);
  assert.match(script ?? '', /^http:\/\/localhost:\d+\/live-chat\.js$/);
});
