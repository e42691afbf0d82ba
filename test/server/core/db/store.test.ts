import { it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/core/config/config.js';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { ADMIN_PASSWORD, describeEachEngine, rootDir } from '../../support/harness.js';

describeEachEngine('store', (h) => {
  it('seeds channel 1 "Website" with the SPEC.md texts and an admin who belongs to it', async () => {
    const channel = await h.app.store.getChannel(1);
    assert.ok(channel);
    assert.equal(channel.name, 'Website');
    assert.equal(channel.button_text, 'Chat with one of our collaborators');
    assert.equal(channel.default_message, 'How may I help you?');
    assert.equal(channel.input_placeholder, 'Ask something ...');
    const admin = await h.app.store.getOperatorByLogin('admin');
    assert.ok(admin);
    assert.deepEqual(await h.app.store.channelOperatorIds(1), [admin.id]);
    assert.equal(h.app.seed?.firstStart, true);
    assert.equal(h.app.seed?.generatedPassword, undefined, 'a configured password is not "generated"');
  });

  it('stores the admin password as a scrypt hash that checks', async () => {
    const admin = await h.app.store.getOperatorByLogin('admin');
    assert.match(admin?.password_hash ?? '', /^scrypt\$/);
    assert.ok(!admin?.password_hash.includes(ADMIN_PASSWORD));
    assert.ok(await h.app.store.checkPassword('admin', ADMIN_PASSWORD));
    assert.equal(await h.app.store.checkPassword('admin', 'wrong'), undefined);
    assert.equal(await h.app.store.checkPassword('nobody', ADMIN_PASSWORD), undefined);
  });

  it('publishes one row per channel through app.bus and wakes listeners', async () => {
    const woke: string[][] = [];
    h.app.bus.events.on('published', (channels) => woke.push(channels));
    const before = await h.app.busStore.maxNotificationId();
    const rows = await h.app.bus.publish([BusChannel.visitor('u-1'), BusChannel.operator(7), BusChannel.visitor('u-1')], { info: 'typing_status', is_typing: true });
    assert.equal(rows.length, 2);
    assert.deepEqual(woke, [['u-1', 'livechat.operator.7']]);
    const listed = await h.app.busStore.listNotifications({ channels: ['u-1'], afterId: before });
    assert.equal(listed.length, 1);
    assert.deepEqual(JSON.parse(listed[0]!.message), { info: 'typing_status', is_typing: true });
    assert.equal(typeof listed[0]!.id, 'number');
    assert.equal(listed[0]!.created_at, h.clock.now());
    assert.equal(await h.app.busStore.maxNotificationId(), rows[1]!.id);
  });

  it('keeps one rating per session, the last call winning', async () => {
    const channel = await h.app.store.createChannel({ name: 'ratings' });
    const op = await h.app.store.createOperator({ login: 'rating-op', display_name: 'R', password: 'x' });
    const s = await h.app.store.createVisitorSession({ uuid: 'rating-uuid', channel_id: channel.id, operator_id: op.id, anonymous_name: 'Visitor', name: 'Visitor R' }, 1);
    const first = await h.app.store.upsertRating(s.id, 1, 'slow', 1);
    const second = await h.app.store.upsertRating(s.id, 5, '', 2);
    assert.equal(first.id, second.id);
    assert.equal((await h.app.store.getRating(s.id))?.rate, 5);
  });

  it('gives attachments random public ids and keeps their bytes', async () => {
    const a = await h.app.store.createAttachment({ name: 'a.txt', mimetype: 'text/plain', type: 'file', url: null, data: Buffer.from('hello'), file_size: 5, session_id: null, message_id: null }, 1);
    const b = await h.app.store.createAttachment({ name: 'b.txt', mimetype: 'text/plain', type: 'file', url: null, data: Buffer.from('bye'), file_size: 3, session_id: null, message_id: null }, 1);
    assert.match(a.public_id, /^[A-Za-z0-9_-]{22}$/);
    assert.notEqual(a.public_id, b.public_id);
    const read = await h.app.store.getAttachmentByPublicId(a.public_id);
    assert.equal(Buffer.from(read!.data!).toString(), 'hello');
  });
});

it('SQLite runs in WAL mode in DATA_DIR, and a second start neither re-seeds nor regenerates the password', async (t) => {
  const dir = (await import('node:fs')).mkdtempSync(path.join((await import('node:os')).tmpdir(), 'lc-store-'));
  t.after(async () => (await import('node:fs')).rmSync(dir, { recursive: true, force: true }));
  const first = await buildApp({ config: loadConfig({ DATA_DIR: dir }, rootDir) });
  assert.equal(first.seed?.firstStart, true);
  assert.match(first.seed?.generatedPassword ?? '', /^[A-Za-z0-9_-]{20}$/);
  assert.ok(await first.store.checkPassword('admin', first.seed!.generatedPassword!));
  await first.close();
  const raw = new SqliteDatabase(path.join(dir, 'livechat.sqlite'));
  assert.equal(raw.pragma('journal_mode', { simple: true }), 'wal');
  raw.close();
  const second = await buildApp({ config: loadConfig({ DATA_DIR: dir }, rootDir) });
  assert.equal(second.seed?.firstStart, false);
  assert.equal(second.seed?.generatedPassword, undefined);
  assert.equal((await second.store.listChannels()).length, 1);
  await second.close();
});
