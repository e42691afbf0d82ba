import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { MessageAttachment } from '../../../../src/protocol/livechat.js';
import { attachmentAccessToken } from '../../../../src/server/domain/attachments/access.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';
import { ATTACH_URL_ROUTE, OPERATOR_UPLOAD_ROUTE } from '../../../../src/protocol/console/routes.js';

type Visitor = Awaited<ReturnType<Harness['visitorSession']>>;

/** Uploads through the real route (the operator's cookie), answering the wire attachments. */
async function uploadAs(h: Harness, v: Visitor, filename: string, content: string | Buffer): Promise<MessageAttachment> {
  const boundary = 'lcboundary42';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="session_id"\r\n\r\n${v.session.id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="ufile"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: OPERATOR_UPLOAD_ROUTE,
    headers: { cookie: v.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { attachments: MessageAttachment[] }).attachments[0] as MessageAttachment;
}

function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

function withoutToken(url: string): string {
  const u = new URL(url);
  u.searchParams.delete('access_token');
  return u.pathname + u.search;
}

function viewPath(url: string): string {
  const u = new URL(url);
  u.searchParams.delete('download');
  return u.pathname + u.search;
}

const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

describeEachEngine('attachment content', (h) => {
  it('serves a file to its visitor with nosniff, a sandbox CSP and an RFC 6266 filename*', async () => {
    const v = await h.visitorSession();
    const a = await uploadAs(h, v, 'Relevé été.pdf', PDF);
    for (const path of [pathOf(a.url), pathOf(a.url).replace(`/web/content/${a.id}`, `/web/content/ir.attachment/${a.id}/datas`)]) {
      const res = await h.app.inject({ method: 'GET', url: path });
      assert.equal(res.statusCode, 200, path);
      assert.equal(res.body, PDF);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.match(String(res.headers['content-security-policy']), /(^|;\s*)sandbox(;|$)/);
      assert.equal(res.headers['content-disposition'], `attachment; filename="Relev_ _t_.pdf"; filename*=UTF-8''Relev%C3%A9%20%C3%A9t%C3%A9.pdf`);
      assert.equal(res.headers['access-control-allow-origin'], '*', 'a host page on another origin may fetch it');
    }
    const inline = await h.app.inject({ method: 'GET', url: viewPath(a.url) });
    assert.equal(inline.headers['content-type'], 'application/pdf', 'the viewer shows PDFs inline');
    assert.match(String(inline.headers['content-disposition']), /^inline; /);
    assert.match(String(inline.headers['content-security-policy']), /sandbox/);
  });

  it('never renders SVG or HTML inline, even without download=true', async () => {
    const v = await h.visitorSession();
    for (const [name, body] of [
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['page.html', '<!doctype html><script>alert(1)</script>'],
      ['readme.txt', '<html><body onload="alert(1)">'],
    ] as const) {
      const a = await uploadAs(h, v, name, body);
      const res = await h.app.inject({ method: 'GET', url: viewPath(a.url) });
      assert.equal(res.statusCode, 200, name);
      assert.equal(res.headers['content-type'], 'application/octet-stream', name);
      assert.match(String(res.headers['content-disposition']), /^attachment; /, name);
    }
  });

  it('answers another session, a missing or forged token and a row id exactly like an unknown id', async () => {
    const mine = await h.visitorSession();
    const theirs = await h.visitorSession();
    const a = await uploadAs(h, mine, 'secret.txt', 'for my eyes only');
    const unknown = await h.app.inject({ method: 'GET', url: `/web/content/AAAAAAAAAAAAAAAAAAAAAA?download=true&access_token=${attachmentAccessToken('AAAAAAAAAAAAAAAAAAAAAA', theirs.session.uuid)}` });
    assert.equal(unknown.statusCode, 404);
    const attempts = {
      'the other session’s token': `/web/content/${a.id}?download=true&access_token=${attachmentAccessToken(String(a.id), theirs.session.uuid)}`,
      'no token': withoutToken(a.url),
      'a forged token': withoutToken(a.url) + '&access_token=' + 'A'.repeat(43),
      'the uuid itself as token': withoutToken(a.url) + '&access_token=' + mine.session.uuid,
      'the row id': `/web/content/1?download=true`,
    };
    for (const [what, url] of Object.entries(attempts)) {
      const res = await h.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, unknown.statusCode, what);
      assert.equal(res.body, unknown.body, what);
      assert.equal(res.headers['content-type'], unknown.headers['content-type'], what);
    }
    assert.equal((await h.app.inject({ method: 'GET', url: pathOf(a.url) })).body, 'for my eyes only');
  });

  it('serves the conversation’s operators by their cookie, and nobody else’s cookie', async () => {
    const v = await h.visitorSession();
    const a = await uploadAs(h, v, 'notes.txt', 'operator view');
    const own = await h.app.inject({ method: 'GET', url: withoutToken(a.url), headers: { cookie: v.cookie } });
    assert.equal(own.statusCode, 200);
    assert.equal(own.body, 'operator view');
    const stranger = await h.channelWithOperator();
    assert.equal((await h.app.inject({ method: 'GET', url: withoutToken(a.url), headers: { cookie: stranger.cookie } })).statusCode, 404);
    const crossSite = await h.app.inject({ method: 'GET', url: withoutToken(a.url), headers: { cookie: v.cookie, origin: 'https://evil.example' } });
    assert.equal(crossSite.statusCode, 404, 'a cookie sent by another site’s request does not count');
  });

  it('redirects URL-type attachments only for those allowed to see them', async () => {
    const v = await h.visitorSession();
    await h.call(ATTACH_URL_ROUTE, { session_id: v.session.id, url: 'https://cdn.example/clip.mp4' }, { cookie: v.cookie });
    const [message] = await h.app.store.listMessages(v.session.id, 1);
    const row = message?.attachments[0];
    assert.ok(row);
    const token = attachmentAccessToken(row.public_id, v.session.uuid);
    const allowed = await h.app.inject({ method: 'GET', url: `/web/content/${row.public_id}?access_token=${token}` });
    assert.equal(allowed.statusCode, 302);
    assert.equal(allowed.headers.location, 'https://cdn.example/clip.mp4');
    assert.equal((await h.app.inject({ method: 'GET', url: `/web/content/${row.public_id}` })).statusCode, 404);
  });
});
