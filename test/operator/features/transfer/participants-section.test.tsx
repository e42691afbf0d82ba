import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { createStore } from 'jotai/vanilla';
import type { ConversationDetail } from '../../../../src/protocol/operator-console.js';
import type { ChatMessage } from '../../../../src/protocol/livechat.js';
import { PARTICIPANTS_ROUTE, type ConversationParticipants } from '../../../../src/protocol/console/transfer.js';
import { loadTranslator, type Locale } from '../../../../src/platform/i18n/index.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import type { OperatorApi } from '../../../../src/operator/core/api.js';
import { ParticipantsSection } from '../../../../src/operator/features/transfer/participants-section.js';
import { participantsBusHandler } from '../../../../src/operator/features/transfer/transfer-bus.js';
import { decodeConsoleNotification } from '../../../../src/operator/core/console-bus.js';
import { loadConsoleStyles, reactMount, waitUntil, type ConsoleStyles, consoleAxe } from '../../support.js';

const DETAIL: ConversationDetail = {
  id: 7, channel_id: 1, visitor_name: 'Visitor #7', origin: 'chat', created_at: 0, closed_at: null, last_message: null, unread: 0,
  waiting_since: null, status: 'open', snoozed_until: null, messages: [], page_history: null, rating: null, reply_email: null,
};

const ANN_ALONE: ConversationParticipants = { session_id: 7, holder: { id: 1, name: 'Ann' }, participants: [] };

describe('who is in the open conversation', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => (styles = await loadConsoleStyles()));
  after(() => styles.remove());

  async function render(answers: (ConversationParticipants | Error)[], options: { lang?: Locale; detail?: ConversationDetail } = {}) {
    const calls: [string, unknown][] = [];
    const api = {
      call: async (route: string, params: unknown) => {
        calls.push([route, params]);
        const answer = answers[Math.min(calls.length, answers.length) - 1];
        if (answer instanceof Error) throw answer;
        return answer;
      },
    } as unknown as OperatorApi;
    const store = createStore();
    const translator = await loadTranslator(options.lang ?? 'en');
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <ParticipantsSection conversation={options.detail ?? DETAIL} api={api} store={store} reloadOpen={() => {}} sent={() => {}} />
        </TextProvider>,
      ),
    );
    const tools = { showNotice() {}, t: translator.t.bind(translator) };
    const tell = (event: Parameters<typeof participantsBusHandler>[0]) => act(async () => participantsBusHandler(event, store, tools));
    return { calls, store, tell, view: within(dom.host) };
  }

  const items = (view: { getAllByRole(role: string): HTMLElement[] }) => view.getAllByRole('listitem').map((li) => li.textContent);

  it('names the holder, marked, then the invited colleagues', async () => {
    const { calls, view } = await render([{ session_id: 7, holder: { id: 1, name: 'Ann' }, participants: [{ id: 2, name: 'Bob <b>' }, { id: 3, name: 'كريم' }] }]);
    const region = within(await waitUntil(() => view.queryByRole('list')).then(() => view.getByRole('region', { name: 'In this conversation' })));
    expect(items(region)).to.deep.equal(['Ann · holds the conversation', 'Bob <b> · invited', 'كريم · invited']);
    expect(calls).to.deep.equal([[PARTICIPANTS_ROUTE, { session_id: 7 }]]);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('reads the list again when the bus says someone joined, left or took it; other conversations change nothing', async () => {
    const { calls, tell, view } = await render([
      ANN_ALONE,
      { session_id: 7, holder: { id: 1, name: 'Ann' }, participants: [{ id: 2, name: 'Bob' }] },
      { session_id: 7, holder: { id: 2, name: 'Bob' }, participants: [] },
      ANN_ALONE,
    ]);
    await waitUntil(() => view.queryByRole('list'));
    expect(items(view)).to.deep.equal(['Ann · holds the conversation']);
    await tell({ kind: 'info', info: 'conversation_invited', payload: { info: 'conversation_invited', session_id: 8 } });
    await tell({ kind: 'message', message: { id: 1, body: 'hello', message_type: 'comment', channel_ids: [7] } as unknown as ChatMessage });
    expect(calls.length, 'another conversation, or a plain message').to.equal(1);
    await tell({ kind: 'message', message: { id: 2, body: 'Bob joined the conversation', message_type: 'notification', channel_ids: [7] } as unknown as ChatMessage });
    expect(calls.length, 'the line itself is no signal: the server says so on the conversation’s channel').to.equal(1);
    await tell({ kind: 'session_info', sessionId: 7, info: 'participants_changed', payload: { info: 'participants_changed', session_id: 7 } });
    await waitUntil(() => items(view).length === 2);
    expect(items(view)).to.deep.equal(['Ann · holds the conversation', 'Bob · invited']);
    await tell({ kind: 'info', info: 'conversation_received', payload: { info: 'conversation_received', session_id: 7 } });
    await waitUntil(() => items(view)[0] === 'Bob · holds the conversation');
    await tell({ kind: 'info', info: 'conversation_left', payload: { info: 'conversation_left', session_id: '7' } });
    expect(calls.length, 'a malformed payload is ignored').to.equal(3);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  for (const [lang, heading, holder, invited] of [
    ['en', 'In this conversation', 'Ann · holds the conversation', 'Bob · invited'],
    ['fr', 'Dans cette conversation', 'Ann · tient la conversation', 'Bob · invité'],
    ['ar', 'في هذه المحادثة', 'Ann · يتولى المحادثة', 'Bob · مدعو'],
  ] as const) {
    it(`follows live for a supervisor watching someone else’s conversation, from its own channel (${lang})`, async () => {
      const supervisor = 42;
      const { calls, tell, view } = await render(
        [ANN_ALONE, { session_id: 7, holder: { id: 1, name: 'Ann' }, participants: [{ id: 2, name: 'Bob' }] }, { session_id: 7, holder: { id: 2, name: 'Bob' }, participants: [] }],
        { lang },
      );
      const region = within(await waitUntil(() => view.queryByRole('list')).then(() => view.getByRole('region', { name: heading })));
      expect(items(region)).to.deep.equal([holder]);
      const onChannel = (channel: string, message: unknown, id: number) => tell(decodeConsoleNotification({ id, channel, message }, supervisor));
      await onChannel('livechat.session.8', { info: 'participants_changed', session_id: 8 }, 1);
      await onChannel('livechat.session.7', { info: 'participants_changed', session_id: '7; DROP' }, 2);
      expect(calls.length, 'another conversation’s channel changes nothing').to.equal(1);
      await onChannel('livechat.session.7', { info: 'participants_changed', session_id: 7 }, 3);
      await waitUntil(() => items(region).length === 2);
      expect(items(region)).to.deep.equal([holder, invited]);
      await onChannel('livechat.session.7', { info: 'participants_changed', session_id: 7 }, 4);
      await waitUntil(() => items(region)[0]?.startsWith('Bob'));
      expect(calls.length).to.equal(3);
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
    });
  }

  it('says when nobody holds it yet, and when the list cannot be read', async () => {
    const waiting = await render([{ session_id: 7, holder: null, participants: [] }]);
    await waitUntil(() => waiting.view.queryByRole('list'));
    expect(items(waiting.view)).to.deep.equal(['Nobody holds it yet']);
    const failing = await render([new Error('Network down')]);
    await waitUntil(() => failing.view.queryByRole('alert'));
    expect(failing.view.getByRole('alert').textContent).to.match(/^Could not read who is in the conversation: /);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('shows nothing for an offline message', async () => {
    const { calls } = await render([ANN_ALONE], { detail: { ...DETAIL, origin: 'offline' } as ConversationDetail });
    expect(dom.host.textContent).to.equal('');
    expect(calls).to.deep.equal([]);
  });

  for (const [lang, heading, holder] of [
    ['fr', 'Dans cette conversation', 'Ann · tient la conversation'],
    ['ar', 'في هذه المحادثة', 'Ann · يتولى المحادثة'],
  ] as const) {
    it(`speaks ${lang}`, async () => {
      const { view } = await render([ANN_ALONE], { lang });
      await waitUntil(() => view.queryByRole('list'));
      expect(view.getByRole('region', { name: heading })).to.exist;
      expect(items(view)).to.deep.equal([holder]);
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
    });
  }
});
