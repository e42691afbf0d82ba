import { it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ADMIN_AVATAR_ROUTE,
  ADMIN_REMOVE_AVATAR_ROUTE,
  ADMIN_SET_PROFILE_ROUTE,
  OPERATOR_AVATAR_ROUTE,
  OPERATOR_PROFILE_ROUTE,
  OPERATOR_REMOVE_AVATAR_ROUTE,
  OPERATOR_SET_PROFILE_ROUTE,
  type OperatorProfile,
} from '../../../../src/protocol/operator-profile.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { multipart, tinyPng, type Part } from '../../support/multipart.js';
import { GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';

async function upload(h: Harness, route: string, parts: Part[], cookie: string) {
  const { body, contentType } = multipart(parts);
  const res = await h.app.inject({ method: 'POST', url: route, headers: { 'content-type': contentType, cookie }, payload: body });
  return { status: res.statusCode, body: res.json() as OperatorProfile & { error?: { code: string; message: string } } };
}

const picture = (png: Buffer, name = 'me.png', contentType = 'image/png'): Part => ({ name: 'file', value: png, filename: name, contentType });

describeEachEngine('operator profiles', (h) => {
  it('an operator renames itself: visitors of new conversations see the new name; the name is trimmed and bounded', async () => {
    const { cookie, operator, channel } = await h.channelWithOperator();
    const renamed = await h.call<OperatorProfile>(OPERATOR_SET_PROFILE_ROUTE, { name: '  Nora Support  ' }, { cookie });
    assert.deepEqual(renamed, { id: operator.id, name: 'Nora Support', has_avatar: false, avatar_url: `/web/partner_image/${operator.id}` });
    assert.deepEqual(await h.call<OperatorProfile>(OPERATOR_PROFILE_ROUTE, {}, { cookie }), renamed);
    const session = await h.call<{ operator_pid: [number, string] }>(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Visitor', previous_operator_id: null });
    assert.deepEqual(session.operator_pid, [operator.id, 'Nora Support']);
    for (const bad of ['', '   ', 'x'.repeat(65), 'bell\u0007', 'nul\u0000', 42, null, ['Nora'], { __proto__: { name: 'x' } }]) {
      const { body } = await h.rpc(OPERATOR_SET_PROFILE_ROUTE, { name: bad }, { cookie });
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(bad));
    }
    const proto = await h.app.inject({ method: 'POST', url: OPERATOR_SET_PROFILE_ROUTE, headers: { cookie, 'content-type': 'application/json' }, payload: '{"jsonrpc":"2.0","id":1,"params":{"__proto__":{"name":"Evil"}}}' });
    assert.notEqual(proto.statusCode, 200, 'a prototype key is refused');
    assert.equal((await h.app.store.getOperator(operator.id))?.display_name, 'Nora Support', 'no refused call changed the name');
    assert.equal((await h.rpc(OPERATOR_SET_PROFILE_ROUTE, { name: 'Anonymous' })).body.error?.code, 100, 'a session is needed');
  });

  it('an operator sets a square picture, served like other images with a new version; removing it brings the smiley back', async () => {
    const { cookie, operator } = await h.channelWithOperator();
    const png = tinyPng(256, 256);
    const set = await upload(h, OPERATOR_AVATAR_ROUTE, [picture(png)], cookie);
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.has_avatar, true);
    assert.match(set.body.avatar_url, new RegExp(`^/web/partner_image/${operator.id}\\?v=\\d+$`));
    const served = await h.app.inject({ method: 'GET', url: set.body.avatar_url });
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.equal(served.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.deepEqual(served.rawPayload, png);
    const again = await h.app.inject({ method: 'GET', url: `/web/partner_image/${operator.id}`, headers: { 'if-none-match': String(served.headers.etag) } });
    assert.equal(again.statusCode, 304, 'an unchanged picture is not sent again');

    const removed = await h.call<OperatorProfile>(OPERATOR_REMOVE_AVATAR_ROUTE, {}, { cookie });
    assert.equal(removed.has_avatar, false);
    const smiley = await h.app.inject({ method: 'GET', url: `/web/partner_image/${operator.id}`, headers: { 'if-none-match': String(served.headers.etag) } });
    assert.equal(smiley.statusCode, 200, 'a removed picture is not answered as unchanged');
    assert.equal(smiley.headers['content-type'], 'image/svg+xml');
  });

  it('refuses hostile pictures: not an image, SVG, not square, too large a side, a pixel bomb, too many bytes, two files', async () => {
    const { cookie, operator } = await h.channelWithOperator();
    const cases: [string, Part[], number, string][] = [
      ['text', [picture(Buffer.from('hello, not a picture'), 'me.png')], 415, 'mimetype_mismatch'],
      ['svg', [picture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'me.svg', 'image/svg+xml')], 415, 'mimetype_mismatch'],
      ['not square', [picture(tinyPng(300, 200))], 422, 'not_square'],
      ['too large a side', [picture(tinyPng(600, 600))], 413, 'image_too_large'],
      ['tiny', [picture(tinyPng(1, 1))], 413, 'image_too_large'],
      ['pixel bomb', [picture(tinyPng(20000, 20000))], 413, 'image_too_large'],
      ['too many bytes', [picture(Buffer.concat([tinyPng(256, 256), Buffer.alloc(1024 * 1024 + 1)]))], 413, 'file_too_large'],
      ['two files', [picture(tinyPng(64, 64)), picture(tinyPng(64, 64))], 413, 'too_many_files'],
      ['no file', [{ name: 'note', value: 'none' }], 400, 'invalid'],
      ['empty', [picture(Buffer.alloc(0))], 400, 'empty_file'],
    ];
    for (const [what, parts, status, code] of cases) {
      const res = await upload(h, OPERATOR_AVATAR_ROUTE, parts, cookie);
      assert.equal(res.status, status, what);
      assert.equal(res.body.error?.code, code, what);
    }
    const notMultipart = await h.app.inject({ method: 'POST', url: OPERATOR_AVATAR_ROUTE, headers: { cookie, 'content-type': 'application/json' }, payload: '{}' });
    assert.equal(notMultipart.statusCode, 400);
    const anonymous = await upload(h, OPERATOR_AVATAR_ROUTE, [picture(tinyPng(64, 64))], '');
    assert.equal(anonymous.status, 401);
    assert.equal((await h.app.store.getOperator(operator.id))?.avatar, null, 'nothing was stored');
  });

  it('only an administrator edits another operator; an operator id in the own routes changes nothing', async () => {
    const { cookie, operator } = await h.channelWithOperator();
    const other = await h.channelWithOperator({ name: 'Other' });
    const refused = await h.rpc(ADMIN_SET_PROFILE_ROUTE, { operator_id: other.operator.id, name: 'Hijacked' }, { cookie });
    assert.equal(refused.body.error?.data.exception_type, 'access_error');
    assert.equal((await h.rpc(ADMIN_REMOVE_AVATAR_ROUTE, { operator_id: other.operator.id }, { cookie })).body.error?.data.exception_type, 'access_error');
    const upload403 = await upload(h, ADMIN_AVATAR_ROUTE, [{ name: 'operator_id', value: String(other.operator.id) }, picture(tinyPng(64, 64))], cookie);
    assert.equal(upload403.status, 403);
    assert.equal(upload403.body.error?.code, 'access_error');
    const ownWithId = await h.call<OperatorProfile>(OPERATOR_SET_PROFILE_ROUTE, { name: 'Me', operator_id: other.operator.id }, { cookie }).catch(() => undefined);
    if (ownWithId) assert.equal(ownWithId.id, operator.id, 'the own route edits the caller only');
    const stored = await h.app.store.getOperator(other.operator.id);
    assert.equal(stored?.display_name, 'Other');
    assert.equal(stored?.avatar, null);

    const admin = await h.login('admin', ADMIN_PASSWORD);
    const renamed = await h.call<OperatorProfile>(ADMIN_SET_PROFILE_ROUTE, { operator_id: other.operator.id, name: 'Olga' }, { cookie: admin });
    assert.equal(renamed.name, 'Olga');
    const set = await upload(h, ADMIN_AVATAR_ROUTE, [{ name: 'operator_id', value: String(other.operator.id) }, picture(tinyPng(128, 128))], admin);
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.id, other.operator.id);
    assert.equal(set.body.has_avatar, true);
    for (const bad of ['0', '-1', 'abc', '1e3', '99999999']) {
      const res = await upload(h, ADMIN_AVATAR_ROUTE, [{ name: 'operator_id', value: bad }, picture(tinyPng(64, 64))], admin);
      assert.ok([400, 404].includes(res.status), `${bad}: ${res.status}`);
    }
    assert.equal((await upload(h, ADMIN_AVATAR_ROUTE, [picture(tinyPng(64, 64))], admin)).body.error?.code, 'invalid', 'no operator_id');
    assert.equal((await h.call<OperatorProfile>(ADMIN_REMOVE_AVATAR_ROUTE, { operator_id: other.operator.id }, { cookie: admin })).has_avatar, false);
  });
});

describeEachEngine('operator pictures under the upload limit', (h) => {
  it('pictures count against the operator upload limit and daily budget', async () => {
    const { cookie } = await h.channelWithOperator();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await upload(h, OPERATOR_AVATAR_ROUTE, [picture(tinyPng(64, 64))], cookie)).status);
    assert.deepEqual(statuses, [200, 200, 429, 429]);
  });
}, { RATE_LIMIT_OPERATOR_UPLOAD: '2' });
