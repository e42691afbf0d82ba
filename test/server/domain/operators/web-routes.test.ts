import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { attachmentAccessToken } from '../../../../src/server/domain/attachments/access.js';
import { ADMIN_PASSWORD, cookieHeader, describeEachEngine } from '../../support/harness.js';
import { CLOSE_SESSION_ROUTE, REQUEST_HISTORY_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CHAT_POST_ROUTE, SESSION_AUTHENTICATE_ROUTE, SESSION_DESTROY_ROUTE, SESSION_INFO_ROUTE } from '../../../../src/protocol/routes.js';

describeEachEngine('web session routes', (h) => {
  it('authenticate sets an HttpOnly SameSite=Lax cookie and answers the session info without secrets', async () => {
    const { body, res } = await h.rpc(SESSION_AUTHENTICATE_ROUTE, { db: 'livechat', login: 'admin', password: ADMIN_PASSWORD });
    const setCookie = String(res.headers['set-cookie']);
    assert.match(setCookie, /^session_id=[A-Za-z0-9_-]{43}; /);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Lax/);
    assert.doesNotMatch(setCookie, /Secure/, 'plain HTTP: no Secure flag');
    const info = body.result as Record<string, unknown>;
    assert.equal(info.username, 'admin');
    assert.equal(info.is_admin, true);
    assert.deepEqual(info.user_context, { lang: 'en_US', tz: 'UTC', uid: info.uid });
    assert.match(String((info.cache_hashes as Record<string, string>).translations), /^[0-9a-f]{40}$/);
    assert.ok(!JSON.stringify(info).includes('scrypt'));
    const again = await h.call<Record<string, unknown>>(SESSION_INFO_ROUTE, {}, { cookie: cookieHeader(res) });
    assert.equal(again.uid, info.uid);
  });

  it('authenticate refuses a wrong password and an unknown login with the same access_denied error', async () => {
    const wrong = await h.rpc(SESSION_AUTHENTICATE_ROUTE, { db: 'livechat', login: 'admin', password: 'nope' });
    const unknown = await h.rpc(SESSION_AUTHENTICATE_ROUTE, { db: 'livechat', login: 'ghost', password: 'nope' });
    assert.equal(wrong.body.error?.data.exception_type, 'access_denied');
    assert.deepEqual(wrong.body.error, unknown.body.error);
    assert.equal(wrong.res.headers['set-cookie'], undefined);
  });

  it('a forwarded-proto header alone does not make the server believe it is behind HTTPS', async () => {
    const res = await h.app.inject({ method: 'POST', url: SESSION_AUTHENTICATE_ROUTE, headers: { 'x-forwarded-proto': 'https' }, payload: { jsonrpc: '2.0', method: 'call', params: { login: 'admin', password: ADMIN_PASSWORD }, id: 1 } });
    assert.doesNotMatch(String(res.headers['set-cookie']), /Secure/, 'a forwarded header alone is not trusted');
  });

  it('get_session_info without a login, or after destroy, answers code 100', async () => {
    const none = await h.rpc(SESSION_INFO_ROUTE, {});
    assert.equal(none.body.error?.code, 100);
    const cookie = await h.login('admin', ADMIN_PASSWORD);
    const destroyed = await h.rpc(SESSION_DESTROY_ROUTE, {}, { cookie });
    assert.equal('result' in destroyed.body, false);
    assert.match(String(destroyed.res.headers['set-cookie']), /session_id=; .*Max-Age=0/);
    const after = await h.rpc(SESSION_INFO_ROUTE, {}, { cookie });
    assert.equal(after.body.error?.code, 100);
  });

  it('a cookie sent from a foreign origin is ignored', async () => {
    const cookie = await h.login('admin', ADMIN_PASSWORD);
    const foreign = await h.rpc(SESSION_INFO_ROUTE, {}, { cookie, headers: { origin: 'https://evil.example' } });
    assert.equal(foreign.body.error?.code, 100);
    const same = await h.rpc(SESSION_INFO_ROUTE, {}, { cookie, headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    assert.equal(same.body.error, undefined);
  });
});

describeEachEngine('operator conversation routes', (h) => {
  it('close_session closes the conversation and tells the visitor; later posts answer false', async () => {
    const { session, cookie } = await h.visitorSession();
    assert.equal(await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie }), true);
    const pushed = (await h.app.busStore.listNotifications({ channels: [BusChannel.visitor(session.uuid)] })).map((n) => JSON.parse(n.message));
    assert.deepEqual(pushed.at(-1), { info: 'session_closed', uuid: session.uuid });
    assert.equal(await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'still there?' }), false);
    assert.equal(await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie }), true);
    assert.equal((await h.app.busStore.listNotifications({ channels: [BusChannel.visitor(session.uuid)] })).length, pushed.length, 'closing twice publishes once');
  });

  it('request_history sends a history_command to the visitor', async () => {
    const { session, cookie } = await h.visitorSession();
    assert.equal(await h.call(REQUEST_HISTORY_ROUTE, { session_id: session.id }, { cookie }), true);
    const pushed = (await h.app.busStore.listNotifications({ channels: [BusChannel.visitor(session.uuid)] })).map((n) => JSON.parse(n.message));
    assert.deepEqual(pushed.at(-1), { _type: 'history_command' });
  });

  it('needs a logged-in operator of that conversation; others get the same not-found error', async () => {
    const { session } = await h.visitorSession();
    const anonymous = await h.rpc(CLOSE_SESSION_ROUTE, { session_id: session.id });
    assert.equal(anonymous.body.error?.code, 100);
    const stranger = await h.channelWithOperator();
    const foreign = await h.rpc(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie: stranger.cookie });
    const missing = await h.rpc(CLOSE_SESSION_ROUTE, { session_id: 99_999_999 }, { cookie: stranger.cookie });
    assert.equal(foreign.body.error?.data.exception_type, 'missing_error');
    assert.deepEqual(foreign.body.error, missing.body.error);
    assert.equal((await h.app.store.getVisitorSession(session.id))?.closed_at, null);
  });
});

describeEachEngine('translations, content and images', (h) => {
  it('translations serve locales/ in the PROTOCOL.md §9 shape, right-to-left for Arabic', async () => {
    const hash = h.app.locales.hash;
    const fr = await h.app.inject({ method: 'GET', url: `/web/webclient/translations/${hash}?lang=fr_FR&mods=livechat` });
    assert.equal(fr.statusCode, 200);
    assert.match(String(fr.headers['cache-control']), /max-age=31536000/);
    assert.equal(fr.headers['access-control-allow-origin'], '*');
    const body = fr.json();
    assert.equal(body.lang, 'fr_FR');
    assert.equal(body.lang_parameters.direction, 'ltr');
    const messages: { id: string; string: string }[] = body.modules.livechat.messages;
    assert.ok(messages.some((m) => m.id === 'errors.noOperator' && m.string !== '' && m.string !== 'No available collaborator, please try again later.'));
    const ar = (await h.app.inject({ method: 'GET', url: `/web/webclient/locale/ar` })).json();
    assert.equal(ar.lang_parameters.direction, 'rtl');
    const unknown = (await h.app.inject({ method: 'GET', url: `/web/webclient/translations/old?lang=xx_YY` })).json();
    assert.equal(unknown.lang, 'en_US');
    assert.ok(unknown.modules.livechat.messages.some((m: { id: string; string: string }) => m.id === 'errors.noOperator' && m.string === 'No available collaborator, please try again later.'));
  });

  it('/web/content downloads by random public id with a safe Content-Disposition and nosniff', async () => {
    const { session } = await h.visitorSession();
    const a = await h.app.store.createAttachment({ name: 'r\u00e9sum\u00e9 "final"\r\n.html', mimetype: 'text/html', type: 'file', url: null, data: Buffer.from('<script>alert(1)</script>'), file_size: 25, session_id: session.id, message_id: null }, 1);
    const token = (publicId: string) => `access_token=${attachmentAccessToken(publicId, session.uuid)}`;
    for (const url of [`/web/content/${a.public_id}?download=true&${token(a.public_id)}`, `/web/content/ir.attachment/${a.public_id}/datas?download=true&${token(a.public_id)}`, `/web/content/${a.public_id}?${token(a.public_id)}`]) {
      const res = await h.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['content-type'], 'application/octet-stream', 'HTML is never served as HTML');
      assert.equal(res.headers['content-disposition'], `attachment; filename="r_sum_ _final___.html"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22%0D%0A.html`);
      assert.equal(res.body, '<script>alert(1)</script>');
    }
    const img = await h.app.store.createAttachment({ name: 'pic.png', mimetype: 'image/png', type: 'file', url: null, data: Buffer.from([0x89, 0x50]), file_size: 2, session_id: session.id, message_id: null }, 1);
    const inline = await h.app.inject({ method: 'GET', url: `/web/content/${img.public_id}?${token(img.public_id)}` });
    assert.equal(inline.headers['content-type'], 'image/png');
    assert.match(String(inline.headers['content-disposition']), /^inline; /);
    const byRowId = await h.app.inject({ method: 'GET', url: `/web/content/${img.id}` });
    assert.equal(byRowId.statusCode, 404, 'sequential row ids do not work in URLs');
    assert.equal((await h.app.inject({ method: 'GET', url: '/web/content/%27%20or%201%3D1--' })).statusCode, 404);
  });

  it('/web/partner_image gives an operator avatar, or the smiley for authorless and unknown ids', async () => {
    const { operator } = await h.channelWithOperator({ online: false });
    await h.app.store.setOperatorAvatar(operator.id, Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    const avatar = await h.app.inject({ method: 'GET', url: `/web/partner_image/${operator.id}` });
    assert.equal(avatar.headers['content-type'], 'image/jpeg');
    for (const id of ['0', '99999999', 'abc']) {
      const smiley = await h.app.inject({ method: 'GET', url: `/web/partner_image/${id}` });
      assert.equal(smiley.statusCode, 200);
      assert.match(String(smiley.headers['content-type']), /^image\/svg\+xml/);
      assert.match(smiley.body, /^<svg /);
    }
  });

  it('serves the beep sound as ogg and mp3', async () => {
    const ogg = await h.app.inject({ method: 'GET', url: '/livechat/static/beep.ogg' });
    assert.equal(ogg.statusCode, 200);
    assert.equal(ogg.rawPayload.subarray(0, 4).toString(), 'OggS');
    const mp3 = await h.app.inject({ method: 'GET', url: '/livechat/static/beep.mp3' });
    assert.equal(mp3.statusCode, 200);
    assert.match(String(mp3.headers['content-type']), /audio\/mpeg/);
    assert.equal(mp3.headers['access-control-allow-origin'], '*');
  });
});

describeEachEngine(
  'web session behind HTTPS',
  (h) => {
    it('the cookie is Secure when PUBLIC_URL is HTTPS, and absolute links use PUBLIC_URL', async () => {
      const { body, res } = await h.rpc(SESSION_AUTHENTICATE_ROUTE, { login: 'admin', password: ADMIN_PASSWORD });
      assert.match(String(res.headers['set-cookie']), /; Secure/);
      assert.equal((body.result as Record<string, unknown>)['web.base.url'], 'https://chat.example.com');
      const ok = await h.rpc(SESSION_INFO_ROUTE, {}, { cookie: cookieHeader(res), headers: { origin: 'https://chat.example.com' } });
      assert.equal(ok.body.error, undefined, 'the public origin counts as same-origin');
    });
  },
  { PUBLIC_URL: 'https://chat.example.com/' },
);
