import { it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { FEEDBACK_ROUTE, GET_SESSION_ROUTE, SEARCH_READ_ROUTE } from '../../../../src/protocol/routes.js';

const DAY = 24 * 60 * 60 * 1000;

const readGroup = (h: Harness, cookie: string, model: string, domain: unknown[], groupby: string) =>
  h.rpc(`/web/dataset/call_kw/${model}/read_group`, { model, method: 'read_group', args: [domain, [], [groupby]], kwargs: {} }, { cookie });

/** Starts visitor sessions now; the operator is marked seen first, as its console's poll would. */
async function startSessions(h: Harness, channelId: number, count: number): Promise<string[]> {
  for (const id of await h.app.store.channelOperatorIds(channelId)) await h.app.store.touchOperator(id, h.clock.now());
  const uuids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const s = await h.call<{ uuid: string } | false>(GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: `V${i}`, previous_operator_id: null });
    assert.ok(s, 'a session starts');
    uuids.push(s.uuid);
  }
  return uuids;
}

describeEachEngine('operator statistics through read_group', (h) => {
  it('counts conversations per UTC day, oldest day first, each group with the domain of its day', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    h.clock.current = Date.UTC(2024, 4, 11, 23, 59, 0);
    await startSessions(h, channel.id, 2);
    h.clock.advance(2 * 60_000);
    await startSessions(h, channel.id, 1);
    h.clock.advance(2 * DAY);
    await startSessions(h, channel.id, 3);

    const { body } = await readGroup(h, cookie, 'mail.channel', [['create_date', '>=', '2024-05-01 00:00:00']], 'create_date:day');
    assert.equal(body.error, undefined, JSON.stringify(body.error));
    const groups = body.result as { 'create_date:day': string; create_date_count: number; __domain: unknown[] }[];
    assert.deepEqual(
      groups.map((g) => [g['create_date:day'], g.create_date_count]),
      [
        ['2024-05-11', 2],
        ['2024-05-12', 1],
        ['2024-05-14', 3],
      ],
    );
    assert.deepEqual(groups[0]?.__domain, [
      ['create_date', '>=', '2024-05-01 00:00:00'],
      ['create_date', '>=', '2024-05-11 00:00:00'],
      ['create_date', '<', '2024-05-12 00:00:00'],
    ]);
    // The domain of a group selects exactly that group's rows.
    const again = await h.call<{ length: number }>(SEARCH_READ_ROUTE, { model: 'mail.channel', domain: groups[2]?.__domain, fields: ['id'] }, { cookie });
    assert.equal(again.length, 3);
  });

  it('splits ratings 5/3/1 within the operator’s own channels; the admin sees every channel', async () => {
    const mine = await h.channelWithOperator();
    const theirs = await h.channelWithOperator();
    const [a, b, c, d] = await startSessions(h, mine.channel.id, 4);
    const [e] = await startSessions(h, theirs.channel.id, 1);
    for (const [uuid, rate] of [[a, 5], [b, 5], [c, 3], [d, 1], [e, 1]] as const) await h.call(FEEDBACK_ROUTE, { uuid, rate, reason: '' });

    const split = async (cookie: string, domain: unknown[]) => {
      const { body } = await readGroup(h, cookie, 'rating.rating', domain, 'rating');
      assert.equal(body.error, undefined, JSON.stringify(body.error));
      const groups = body.result as { rating: number; rating_count: number }[];
      return Object.fromEntries(groups.map((g) => [g.rating, g.rating_count]));
    };
    assert.deepEqual(await split(mine.cookie, []), { 5: 2, 3: 1, 1: 1 });
    const admin = await h.login('admin', ADMIN_PASSWORD);
    assert.deepEqual(await split(admin, [['livechat_channel_id', 'in', [mine.channel.id, theirs.channel.id]]]), { 5: 2, 3: 1, 1: 2 });
  });

  it('refuses grouping a non-date field per day, or any other granularity', async () => {
    const { cookie } = await h.channelWithOperator();
    for (const groupby of ['uuid:day', 'create_date:month', 'create_date:day:x']) {
      const { body } = await readGroup(h, cookie, 'mail.channel', [], groupby);
      assert.equal(body.error?.data.exception_type, 'validation_error', groupby);
    }
  });
});
