import { it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_PASSWORD, describeEachEngine } from '../../support/harness.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE, INIT_ROUTE, LOAD_TEMPLATES_ROUTE } from '../../../../src/protocol/routes.js';

// These tests go over a real socket: a listening server and fetch(), as a browser on another site would.
describeEachEngine('over real HTTP', (h) => {
  let base = '';
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('starts listening on a free port', async () => {
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('a cross-origin visitor opens a session and posts without credentials', async () => {
    await h.login('admin', ADMIN_PASSWORD);
    const pre = await fetch(`${base}/im_livechat/get_session`, { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), '*');
    const opened = await post(GET_SESSION_ROUTE, JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { channel_id: 1, anonymous_name: 'Visitor' }, id: 7 }), { origin: 'https://shop.example' });
    assert.equal(opened.headers.get('access-control-allow-origin'), '*');
    const session = ((await opened.json()) as { result: { uuid: string } }).result;
    const posted = await post(CHAT_POST_ROUTE, JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { uuid: session.uuid, message_content: 'over the wire' }, id: 8 }), { origin: 'https://shop.example' });
    const answer = (await posted.json()) as { id: number; result: number };
    assert.equal(answer.id, 8);
    assert.equal(typeof answer.result, 'number');
  });

  it('a body over the size limit gets a JSON-RPC error, not a crash or an HTML page', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { uuid: 'x', message_content: 'a'.repeat(2 * 1024 * 1024) }, id: 1 });
    const res = await post(CHAT_POST_ROUTE, huge);
    assert.equal(res.status, 413);
    assert.match(String(res.headers.get('content-type')), /application\/json/);
    const body = (await res.json()) as { error: { data: { exception_type: string } } };
    assert.equal(body.error.data.exception_type, 'validation_error');
  });

  it('malformed bodies get JSON-RPC errors and the server keeps serving', async () => {
    for (const raw of ['{"jsonrpc":', '[]', '"text"', '{"jsonrpc":"2.0","params":[1,2]}', 'null']) {
      const res = await post(INIT_ROUTE, raw);
      const body = (await res.json()) as { error?: { code: number } };
      assert.equal(body.error?.code, 200, raw);
    }
    const deep = JSON.stringify({ jsonrpc: '2.0', method: 'call', params: JSON.parse('{"a":'.repeat(100) + '1' + '}'.repeat(100)), id: 2 });
    assert.match(JSON.stringify(await (await post(INIT_ROUTE, deep)).json()), /nested too deeply/);
    const ok = await post(LOAD_TEMPLATES_ROUTE, JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 3 }));
    assert.deepEqual(await ok.json(), { jsonrpc: '2.0', id: 3, result: [] });
  });
});

// A widget on another site must be able to receive messages: the poll is a CORS visitor route too.
describeEachEngine('the bus over real HTTP from another site', (h) => {
  let base = '';
  it('starts listening on a free port', async () => {
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers the poll pre-flight and the poll itself with CORS for the allowed site', async () => {
    const { session } = await h.visitorSession();
    const pre = await fetch(`${base}/longpolling/poll`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), 'https://shop.example');
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'before the poll' });
    const res = await fetch(`${base}/longpolling/poll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { channels: [session.uuid], last: 0 }, id: 1 }),
    });
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://shop.example');
    const body = (await res.json()) as { result: Array<{ channel: string }> };
    assert.ok(body.result.some((n) => n.channel === session.uuid), 'the visitor receives its own channel');
  });

  it('refuses a site that is not allowed', async () => {
    const res = await fetch(`${base}/longpolling/poll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { channels: [], last: 0 }, id: 2 }),
    });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
    const body = (await res.json()) as { error?: { data: { exception_type: string } } };
    assert.equal(body.error?.data.exception_type, 'access_error');
  });

  it('lets the server’s own pages (the operator console) call visitor routes whatever ALLOWED_ORIGINS says', async () => {
    const { session } = await h.visitorSession();
    const res = await fetch(`${base}/mail/chat_post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { uuid: session.uuid, message_content: 'from the console page' }, id: 3 }),
    });
    const body = (await res.json()) as { result?: number; error?: unknown };
    assert.equal(typeof body.result, 'number', JSON.stringify(body));
  });
}, { ALLOWED_ORIGINS: 'https://shop.example' });
