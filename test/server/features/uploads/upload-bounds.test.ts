/**
 * Bounded by design: no anonymous client can fill the disk. Uploads written past each bound (a client
 * address's day, a channel's day, an operator's day and minute, a nearly full data volume) are refused
 * with a typed error the widget shows as a failed upload, never a 500, while other visitors and chat
 * messages go on.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { VISITOR_UPLOAD_ROUTE } from '../../../../src/protocol/visitor-upload.js';
import { ConfigError, loadConfig } from '../../../../src/server/core/config/config.js';
import { describeEachEngine, rootDir, type Harness } from '../../support/harness.js';
import { multipart, type Part } from '../../support/multipart.js';
import { callFrom } from '../../abuse/support.js';
import { OPERATOR_UPLOAD_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';

const TOKEN = 'scrape-secret-0123456789';
const DAY = 86_400_000;

type Answer = { message_id?: number; error?: { code: string; message: string } };

async function visitorUpload(h: Harness, uuid: string, bytes: number, address: string) {
  const { body, contentType } = multipart([{ name: 'uuid', value: uuid }, { name: 'file', value: Buffer.alloc(bytes, 0x61), filename: 'notes.txt' }]);
  const res = await h.app.inject({ method: 'POST', url: VISITOR_UPLOAD_ROUTE, remoteAddress: address, headers: { 'content-type': contentType }, payload: body });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], json: res.json() as Answer };
}

async function operatorUpload(h: Harness, cookie: string, sessionId: number, sizes: number[]) {
  const files: Part[] = sizes.map((size, i) => ({ name: 'file', value: Buffer.alloc(size, 0x62), filename: `op${i}.txt` }));
  const { body, contentType } = multipart([{ name: 'session_id', value: String(sessionId) }, ...files]);
  const res = await h.app.inject({ method: 'POST', url: OPERATOR_UPLOAD_ROUTE, headers: { cookie, 'content-type': contentType }, payload: body });
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], json: res.json() as Answer };
}

/** A conversation on `channelId`, opened from `address`. */
async function sessionOn(h: Harness, channelId: number, address: string): Promise<{ id: number; uuid: string }> {
  for (const id of await h.app.store.channelOperatorIds(channelId)) await h.app.store.touchOperator(id, h.clock.now());
  const { body } = await callFrom(h, address, GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: 'V' });
  const session = body.result as { id: number; uuid: string } | false;
  assert.ok(session, 'a conversation starts');
  return session;
}

async function storedBytes(h: Harness, sessionId: number): Promise<number> {
  return (await h.app.store.listMessages(sessionId, 100)).flatMap((m) => m.attachments).reduce((n, a) => n + a.file_size, 0);
}

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(h: Harness): Promise<string> {
  return (await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
}

const secondsToMidnight = (h: Harness) => Math.ceil((DAY - (h.clock.now() % DAY)) / 1000);

/** The one mock of these tests: the free space of the data volume, so a full disk can be simulated. */
const disk = { freeBytes: 50_000, totalBytes: 100_000 };

describeEachEngine(
  'upload bounds',
  (h) => {
    h.diskSpace = async () => ({ ...disk });

    it('one address cannot store more than its daily budget by starting new conversations; another address is served; the next day it may again', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const { session } = await h.visitorSession();
        codes.push((await visitorUpload(h, session.uuid, 4000, '198.51.100.1')).status);
      }
      assert.deepEqual(codes, [200, 200, 200], '12,000 bytes: exactly the budget');
      const { session } = await h.visitorSession();
      const refused = await visitorUpload(h, session.uuid, 1, '198.51.100.1');
      assert.equal(refused.status, 429);
      assert.deepEqual(refused.json.error, { code: 'upload_quota', message: 'No more files can be sent from this address today: at most 12000 bytes a day' });
      assert.equal(Number(refused.retryAfter), secondsToMidnight(h));
      assert.equal(await storedBytes(h, session.id), 0);
      assert.equal((await visitorUpload(h, session.uuid, 4000, '198.51.100.2')).status, 200, 'another address is not refused because of the first');
      h.clock.advance(secondsToMidnight(h) * 1000);
      assert.equal((await visitorUpload(h, session.uuid, 1000, '198.51.100.1')).status, 200, 'a new UTC day');
    });

    it('a file larger than what is left of the day is refused as over the budget, not as too large', async () => {
      for (let i = 0; i < 2; i += 1) assert.equal((await visitorUpload(h, (await h.visitorSession()).session.uuid, 5000, '198.51.100.3')).status, 200);
      const { session } = await h.visitorSession();
      const over = await visitorUpload(h, session.uuid, 2001, '198.51.100.3');
      assert.deepEqual([over.status, over.json.error?.code], [429, 'upload_quota']);
      assert.equal((await visitorUpload(h, session.uuid, 2000, '198.51.100.3')).status, 200, 'what fits is taken');
      assert.equal(await storedBytes(h, session.id), 2000);
    });

    it('uploads sent side by side from one address never pass its budget together', async () => {
      const sessions = [];
      for (let i = 0; i < 6; i += 1) sessions.push((await h.visitorSession()).session);
      const answers = await Promise.all(sessions.map((s) => visitorUpload(h, s.uuid, 4000, '198.51.100.4')));
      assert.deepEqual(
        answers.map((a) => a.status).sort(),
        [200, 200, 200, 429, 429, 429],
      );
      let total = 0;
      for (const s of sessions) total += await storedBytes(h, s.id);
      assert.equal(total, 12_000);
    });

    it('a channel stores at most its daily budget whatever addresses send; other channels’ visitors are served', async () => {
      const { channel } = await h.channelWithOperator();
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const address = `192.0.2.${10 + i}`;
        codes.push((await visitorUpload(h, (await sessionOn(h, channel.id, address)).uuid, 4000, address)).status);
      }
      assert.deepEqual(codes, [200, 200, 200, 200, 200, 429], '20,000 bytes a day on this channel');
      const refused = await visitorUpload(h, (await sessionOn(h, channel.id, '192.0.2.30')).uuid, 1, '192.0.2.30');
      assert.deepEqual([refused.status, refused.json.error?.code], [429, 'upload_quota']);
      assert.match(refused.json.error?.message ?? '', /cannot take more files today/);
      assert.ok(Number(refused.retryAfter) > 0);
      const elsewhere = await h.visitorSession();
      assert.equal((await visitorUpload(h, elsewhere.session.uuid, 4000, '192.0.2.31')).status, 200);
      assert.ok((sample(await scrape(h), 'livechat_uploads_refused_total{reason="channel_budget"}') ?? 0) >= 2);
    });

    it('an operator sends at most its daily bytes, all files of an upload or none', async () => {
      const { session, cookie } = await h.visitorSession();
      assert.equal((await operatorUpload(h, cookie, session.id, [6000])).status, 200);
      const both = await operatorUpload(h, cookie, session.id, [2000, 2001]);
      assert.equal(both.status, 429);
      assert.deepEqual(both.json.error, { code: 'upload_quota', message: 'You cannot send more files today: at most 10000 bytes a day' });
      assert.equal(Number(both.retryAfter), secondsToMidnight(h));
      assert.equal(await storedBytes(h, session.id), 6000, 'neither file was stored');
      assert.equal((await operatorUpload(h, cookie, session.id, [2000, 2000])).status, 200);
      h.clock.advance(60_001);
      assert.equal((await operatorUpload(h, cookie, session.id, [1])).json.error?.code, 'upload_quota', 'refused before the file is read');
      const other = await h.visitorSession();
      assert.equal((await operatorUpload(h, other.cookie, other.session.id, [6000])).status, 200, 'another operator has its own budget');
    });

    it('an operator sends at most RATE_LIMIT_OPERATOR_UPLOAD uploads a minute, answered 429 with Retry-After', async () => {
      const { session, cookie } = await h.visitorSession();
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await operatorUpload(h, cookie, session.id, [10]));
      assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 429]);
      assert.equal(answers[3]?.json.error?.code, 'rate_limited');
      assert.ok(Number(answers[3]?.retryAfter) > 0);
      h.clock.advance(60_001);
      assert.equal((await operatorUpload(h, cookie, session.id, [10])).status, 200);
    });

    it('a nearly full data volume refuses new files (not messages) and tells operators in /readyz and /metrics', async () => {
      const { session, cookie } = await h.visitorSession();
      disk.freeBytes = 9_999;
      try {
        const visitor = await visitorUpload(h, session.uuid, 10, '198.51.100.9');
        assert.equal(visitor.status, 413);
        assert.deepEqual(visitor.json.error, { code: 'storage_full', message: 'Files cannot be stored right now, please try again later' });
        assert.equal(visitor.retryAfter, '600');
        assert.equal((await operatorUpload(h, cookie, session.id, [10])).json.error?.code, 'storage_full');
        assert.equal(await storedBytes(h, session.id), 0);
        assert.ok(await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'messages still go through' }));
        const ready = await h.app.inject({ method: 'GET', url: '/readyz' });
        assert.deepEqual([ready.statusCode, ready.json()], [200, { status: 'ok' }], 'the public probe says nothing of the disk');
        const wrongToken = await h.app.inject({ method: 'GET', url: '/readyz', headers: { authorization: 'Bearer wrong' } });
        assert.deepEqual(wrongToken.json(), { status: 'ok' });
        const detailed = await h.app.inject({ method: 'GET', url: '/readyz', headers: { authorization: `Bearer ${TOKEN}` } });
        assert.deepEqual(detailed.json(), { status: 'ok', detail: { uploads: 'refused', data_volume_free_bytes: 9_999, data_volume_free_ratio: 0.09999 } });
        const metrics = await scrape(h);
        assert.equal(sample(metrics, 'livechat_data_volume_free_bytes'), 9_999);
        assert.equal(sample(metrics, 'livechat_data_volume_free_ratio'), 0.09999);
        assert.ok((sample(metrics, 'livechat_uploads_refused_total{reason="low_disk"}') ?? 0) >= 2);
      } finally {
        disk.freeBytes = 50_000;
      }
      assert.equal((await visitorUpload(h, session.uuid, 10, '198.51.100.9')).status, 200, 'accepted again once there is room');
    });
  },
  {
    ATTACHMENT_MAX_BYTES: '200000',
    VISITOR_UPLOAD_SESSION_MAX_BYTES: '5000',
    VISITOR_UPLOAD_ADDRESS_DAILY_BYTES: '12000',
    VISITOR_UPLOAD_CHANNEL_DAILY_BYTES: '20000',
    OPERATOR_UPLOAD_DAILY_BYTES: '10000',
    RATE_LIMIT_OPERATOR_UPLOAD: '3',
    RATE_LIMIT_UPLOAD: '1000',
    SESSION_LIMIT_UPLOAD: '1000',
    RATE_LIMIT_GET_SESSION: '1000',
    METRICS_TOKEN: TOKEN,
  },
);

describeEachEngine('upload bounds on the real file system', (h) => {
  it('reads the data volume’s free space with statfs', async () => {
    const reading = await h.app.diskGuard.reading();
    assert.ok(reading && reading.totalBytes > 0 && reading.freeBytes >= 0 && reading.freeRatio <= 1, JSON.stringify(reading));
  });
});

it('upload bounds come from the environment, with the README’s defaults', () => {
  const defaults = loadConfig({}, rootDir);
  const MB = 1024 * 1024;
  assert.deepEqual(
    [defaults.visitorUploadAddressDailyBytes, defaults.visitorUploadChannelDailyBytes, defaults.operatorUploadDailyBytes, defaults.operatorUploadsPerMinute, defaults.uploadMinFreePercent],
    [100 * MB, 1024 * MB, 1024 * MB, 30, 10],
  );
  const set = loadConfig({ VISITOR_UPLOAD_ADDRESS_DAILY_BYTES: '1', VISITOR_UPLOAD_CHANNEL_DAILY_BYTES: '2', OPERATOR_UPLOAD_DAILY_BYTES: '3', RATE_LIMIT_OPERATOR_UPLOAD: '4', UPLOAD_MIN_FREE_PERCENT: '0' }, rootDir);
  assert.deepEqual([set.visitorUploadAddressDailyBytes, set.visitorUploadChannelDailyBytes, set.operatorUploadDailyBytes, set.operatorUploadsPerMinute, set.uploadMinFreePercent], [1, 2, 3, 4, 0]);
  for (const [name, value] of [['VISITOR_UPLOAD_ADDRESS_DAILY_BYTES', '100MB'], ['VISITOR_UPLOAD_CHANNEL_DAILY_BYTES', '0'], ['UPLOAD_MIN_FREE_PERCENT', '100'], ['UPLOAD_MIN_FREE_PERCENT', '-1'], ['RATE_LIMIT_OPERATOR_UPLOAD', '1.5']] as const) {
    assert.throws(() => loadConfig({ [name]: value }, rootDir), ConfigError, `${name}=${value}`);
  }
});
