/**
 * Visitors are told apart in the console: an anonymous visitor is the widget's default name with a
 * number drawn from the session ("Visitor 4821"), the same for every operator and every reading; a
 * visitor who gave a name keeps it. The list, the visitor card and the new-conversation announcement
 * all say the same label. Hostile input: a visitor cannot claim a label or a name of its own choosing
 * through fields the server sets itself.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import type { ConversationSummary } from '../../../../src/protocol/operator-console.js';
import type { VisitorCard } from '../../../../src/protocol/visitor.js';
import { anonymousVisitorNumber } from '../../../../src/protocol/visitor-label.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { callFrom, notificationsOn } from '../../abuse/support.js';
import { CONVERSATIONS_ROUTE, VISITOR_CARD_ROUTE } from '../../../../src/protocol/console/routes.js';
import { GET_SESSION_ROUTE, VISITOR_UPDATE_ROUTE } from '../../../../src/protocol/routes.js';

let addresses = 0;

/** A visitor's get_session from an address of its own (the route has a per-address allowance). */
async function startChat(h: Harness, channelId: number, extra: Record<string, unknown> = {}) {
  addresses += 1;
  const { body } = await callFrom(h, `10.77.${(addresses >> 8) & 255}.${addresses & 255}`, GET_SESSION_ROUTE, {
    channel_id: channelId,
    anonymous_name: 'Visitor',
    previous_operator_id: null,
    ...extra,
  });
  return body as { result?: { id: number; uuid: string }; error?: { data: { exception_type: string } } };
}

const listOf = (h: Harness, cookie: string) => h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, {}, { cookie });
const cardOf = (h: Harness, sessionId: number, cookie: string) => h.call<VisitorCard>(VISITOR_CARD_ROUTE, { session_id: sessionId }, { cookie });

it('the numbers of any 9000 consecutive sessions are distinct four-digit numbers', () => {
  for (const start of [1, 123_456, 2 ** 40]) {
    const numbers = new Set<number>();
    for (let id = start; id < start + 9000; id += 1) numbers.add(anonymousVisitorNumber(id));
    assert.equal(numbers.size, 9000);
    assert.ok([...numbers].every((n) => n >= 1000 && n <= 9999));
  }
});

describeEachEngine('visitor labels', (h) => {
  it('seven anonymous visitors have seven different labels, the same on every reading and for an admin', async () => {
    const { channel, operator, cookie } = await h.channelWithOperator();
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await startChat(h, channel.id)).result!.id);
    const labels = (await listOf(h, cookie)).filter((c) => ids.includes(c.id)).map((c) => c.visitor_name);
    assert.equal(labels.length, 7);
    assert.equal(new Set(labels).size, 7, labels.join(', '));
    for (const label of labels) assert.match(label, /^Visitor \d{4}$/);
    assert.deepEqual((await listOf(h, cookie)).filter((c) => ids.includes(c.id)).map((c) => c.visitor_name), labels, 'a reload reads the same');

    const admin = await h.login('admin', ADMIN_PASSWORD);
    const byId = new Map((await listOf(h, cookie)).map((c) => [c.id, c.visitor_name]));
    for (const id of ids) {
      assert.equal((await cardOf(h, id, cookie)).name, byId.get(id), 'the card says what the list says');
      assert.equal((await cardOf(h, id, admin)).name, byId.get(id), 'every operator reads the same label');
    }
    const announced = (await notificationsOn(h, BusChannel.operator(operator.id))).filter((n) => n.info === 'new_session').map((n) => (n.session as { visitor_label: string }).visitor_label);
    assert.deepEqual(announced.sort(), [...labels].sort(), 'the new-conversation notice names the visitor the same way');
  });

  it('a visitor who gave a name keeps it, given at the start or later; a site’s own default name gets the number', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    const grace = (await startChat(h, channel.id, { visitor_name: 'Grace' })).result!;
    const later = (await startChat(h, channel.id)).result!;
    const french = (await startChat(h, channel.id, { anonymous_name: 'Visiteur' })).result!;
    const emailOnly = (await startChat(h, channel.id, { visitor_email: 'someone@example.org' })).result!;
    await h.call(VISITOR_UPDATE_ROUTE, { uuid: later.uuid, visitor_name: 'Linus' });
    const names = new Map((await listOf(h, cookie)).map((c) => [c.id, c.visitor_name]));
    assert.equal(names.get(grace.id), 'Grace');
    assert.equal(names.get(later.id), 'Linus');
    assert.match(names.get(french.id) ?? '', /^Visiteur \d{4}$/);
    assert.match(names.get(emailOnly.id) ?? '', /^Visitor \d{4}$/, 'an address alone is no name');
    assert.equal((await cardOf(h, grace.id, cookie)).name, 'Grace');
  });

  it('the list and the card of an anonymous visitor say where they are and their time zone', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    const { id } = (await startChat(h, channel.id, { time_zone: 'America/Sao_Paulo', page_history: ['/', '/pricing'] })).result!;
    const card = await cardOf(h, id, cookie);
    assert.deepEqual([card.pages.at(-1), card.time_zone], ['/pricing', 'America/Sao_Paulo']);
    const listed = (await listOf(h, cookie)).find((c) => c.id === id);
    assert.deepEqual([listed?.current_page, listed?.time_zone], ['/pricing', 'America/Sao_Paulo']);
    const silent = (await startChat(h, channel.id)).result!;
    const unknown = (await listOf(h, cookie)).find((c) => c.id === silent.id);
    assert.deepEqual([unknown?.current_page, unknown?.time_zone], [null, null], 'nothing reported, nothing made up');
  });

  it('a visitor cannot choose its label: the fields the server sets itself are refused or ignored, and hostile names stay out', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    for (const extra of [{ name_given: 1 }, { visitor_label: 'Operator' }, { __proto__: { name_given: 1 } }, JSON.parse('{"__proto__": {"name_given": 1}}') as Record<string, unknown>]) {
      const answer = await startChat(h, channel.id, extra);
      if (answer.result) {
        const label = (await listOf(h, cookie)).find((c) => c.id === answer.result!.id)?.visitor_name;
        assert.match(label ?? '', /^Visitor \d{4}$/, JSON.stringify(extra));
      } else {
        assert.equal(answer.error?.data.exception_type, 'validation_error', JSON.stringify(extra));
      }
    }
    for (const bad of ['x'.repeat(101), 'Bell\u0007', 12, ['Grace'], { name: 'Grace' }]) {
      const answer = await startChat(h, channel.id, { visitor_name: bad });
      assert.equal(answer.error?.data.exception_type, 'validation_error', JSON.stringify(bad));
    }
    for (const bad of ['Mars/Olympus_Mons', 'x'.repeat(65), 'Europe/Paris\u0000', 3600]) {
      const answer = await startChat(h, channel.id, { time_zone: bad });
      assert.equal(answer.error?.data.exception_type, 'validation_error', JSON.stringify(bad));
    }
  });
});
