/**
 * The desk as the operator sees it: the conversation list, the open conversation with its visitor card
 * and composer, and the notices above them, in the console's real stylesheet. The server is a stand-in
 * RpcClient answering the console's routes from memory (a browser test has no server of its own); the
 * routes themselves are tested over HTTP in test/server/read-receipts.test.ts and
 * test/server/visitor-label.test.ts.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { within } from '@testing-library/dom';
import { createStore } from 'jotai/vanilla';
import { act } from 'react';
import type { ChatMessage } from '../../../src/protocol/livechat.js';
import type { ConversationDetail, ConversationSummary } from '../../../src/protocol/operator-console.js';
import type { VisitorCard } from '../../../src/protocol/visitor.js';
import { deskEventAtom } from '../../../src/operator/desk/desk-atoms.js';
import { DeskConversations } from '../../../src/operator/desk/desk-conversations.js';
import { Notices, type ShownNotice } from '../../../src/operator/app/notices.js';
import { paneSlotsOf } from '../../../src/operator/app/registry.js';
import { features } from '../../../src/operator/features/index.js';
import { reactMount, loadConsoleStyles, standInApi, visitorMessage, type ConsoleStyles } from '../support.js';
import { CONVERSATIONS_ROUTE, CONVERSATION_ROUTE, MARK_SEEN_ROUTE, VISITOR_CARD_ROUTE } from '../../../src/protocol/console/routes.js';
import { NOTIFY_TYPING_ROUTE } from '../../../src/protocol/routes.js';

const message = (id: number, sessionId: number, body: string): ChatMessage => visitorMessage(id, body, sessionId);

const summary = (id: number, name: string, unread: number): ConversationSummary => ({
  id,
  channel_id: 1,
  visitor_name: name,
  origin: 'chat',
  created_at: 0,
  closed_at: null,
  last_message: message(id * 10, id, 'Hello?'),
  unread,
  waiting_since: 0,
});

const card = (sessionId: number, name: string): VisitorCard => ({
  session_id: sessionId,
  name,
  name_verified: false,
  email: null,
  email_verified: false,
  identity: 'anonymous',
  visitor_id: null,
  context: [],
  pages: ['/', '/pricing'],
  browser: null,
  os: null,
  language: null,
  time_zone: 'Europe/Paris',
  earlier_conversations: null,
});

/** The console's server, answered from memory; `calls` records what the console asked. */
function standInServer(conversations: ConversationSummary[]) {
  const detail = (id: number): ConversationDetail => {
    const s = conversations.find((c) => c.id === id)!;
    return { ...s, messages: [s.last_message!], page_history: ['/', '/pricing'], rating: null, reply_email: null };
  };
  const answers: Record<string, (params: { session_id?: number }) => unknown> = {
    [CONVERSATIONS_ROUTE]: () => conversations,
    [CONVERSATION_ROUTE]: (p) => detail(p.session_id!),
    [VISITOR_CARD_ROUTE]: (p) => card(p.session_id!, conversations.find((c) => c.id === p.session_id)!.visitor_name),
    [MARK_SEEN_ROUTE]: () => true,
    [NOTIFY_TYPING_ROUTE]: () => null,
  };
  return standInApi(answers);
}

const NOTICES: ShownNotice[] = [
  { id: 1, title: 'New conversation with Visitor 4821', body: '' },
  { id: 2, title: 'New message from Visitor 1307', body: 'Is the Pro plan billed monthly or yearly, and can I change later?' },
  { id: 3, title: 'New message from Grace', body: 'Hello?' },
];

describe('the desk', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(async () => {
    styles.remove();
    await setViewport({ width: 800, height: 600 });
  });

  async function renderDesk(conversations: ConversationSummary[], notices: ShownNotice[] = []) {
    const server = standInServer(conversations);
    const store = createStore();
    const reloadOpen = (id: number) => void server.api.conversation(id).then((detail) => store.set(deskEventAtom, { type: 'opened', detail }));
    const reportError = (err: unknown) => {
      throw err;
    };
    store.set(deskEventAtom, { type: 'listed', conversations: await server.api.conversations() });
    await act(async () =>
      dom.root.render(
        <div className="op-desk">
          <Notices notices={notices} onDismiss={() => {}} />
          <DeskConversations api={server.api} store={store} reloadOpen={reloadOpen} reportError={reportError} slots={paneSlotsOf(features)} />
        </div>,
      ),
    );
    return server;
  }

  const list = () => within(within(dom.host).getByRole('navigation', { name: 'Conversations' }));
  const openConversation = async (name: string) => {
    await act(async () => list().getByRole('button', { name: new RegExp(`^${name}`) }).click());
    await waitUntil(() => within(dom.host).queryByRole('textbox', { name: `Message to ${name}` }), `${name} opens`);
    await waitUntil(() => within(dom.host).getByRole('region', { name: 'About the visitor' }).querySelector('dl'), 'the card loads');
  };

  it('opening a conversation clears its unread count and tells the server it was read', async () => {
    const server = await renderDesk([summary(1, 'Visitor 4821', 2), summary(2, 'Visitor 1307', 1)]);
    expect(list().getByRole('button', { name: /^Visitor 4821/ }).textContent).to.contain('2 unread messages');
    await openConversation('Visitor 4821');
    await waitUntil(() => !list().getByRole('button', { name: /^Visitor 4821/ }).textContent?.includes('unread'), 'the count goes once opened');
    expect(list().getByRole('button', { name: /^Visitor 1307/ }).textContent, 'the others keep theirs').to.contain('1 unread message');
    expect(server.calls.filter(([route]) => route === MARK_SEEN_ROUTE)).to.deep.equal([[MARK_SEEN_ROUTE, { session_id: 1, message_id: 10 }]]);
  });

  it('tells visitors apart in the list: each one’s label, current page and local time', async () => {
    await renderDesk([
      { ...summary(1, 'Visitor 4821', 0), current_page: '/pricing', time_zone: 'Asia/Tokyo' },
      { ...summary(2, 'Visitor 1307', 0), current_page: '/checkout', time_zone: 'America/New_York' },
      { ...summary(3, 'Grace', 0), current_page: null, time_zone: null },
    ]);
    // The conversations, not the list's view buttons above them.
    const items = within(list().getByRole('list')).getAllByRole('button');
    expect(items.map((b) => b.querySelector('.op-list-name')?.textContent)).to.deep.equal(['Visitor 4821', 'Visitor 1307', 'Grace']);
    const tokyo = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Tokyo', hour: 'numeric', minute: '2-digit', weekday: 'short' }).formatToParts(new Date());
    expect(items[0]!.textContent).to.contain('/pricing · ').and.to.contain(tokyo.find((p) => p.type === 'weekday')!.value);
    expect(items[1]!.textContent).to.contain('/checkout · ');
    expect(items[2]!.textContent, 'nothing known, nothing shown').to.not.contain('·');
  });

  const rectOf = (el: Element) => el.getBoundingClientRect();
  const intersects = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  for (const [label, width] of [
    ['on a desk', 1280],
    ['on a 375 px phone', 375],
  ] as const) {
    it(`notices cover neither the visitor card, the composer nor the conversation list ${label}`, async () => {
      await setViewport({ width, height: 800 });
      await renderDesk([summary(1, 'Visitor 4821', 1), summary(2, 'Visitor 1307', 1), summary(3, 'Grace', 1)], NOTICES);
      const view = within(dom.host);
      // On a phone the list is a screen of its own: it is checked before the conversation takes its place.
      const covered: Record<string, HTMLElement> = { 'conversation list': view.getByRole('navigation', { name: 'Conversations' }) };
      const listRect = rectOf(covered['conversation list']!);
      await openConversation('Visitor 4821');
      const notices = within(view.getByRole('status', { name: 'Notifications' })).getAllByRole('group');
      expect(notices).to.have.length(3);
      covered['visitor card'] = view.getByRole('region', { name: 'About the visitor' });
      covered.composer = view.getByRole('textbox', { name: 'Message to Visitor 4821' });
      if (view.queryByRole('navigation', { name: 'Conversations' }) === null) {
        expect(width, 'only a phone hides the list').to.be.below(641);
        delete covered['conversation list'];
        for (const notice of notices) expect(intersects(rectOf(notice), listRect), `${notice.textContent} over the list`).to.equal(false);
      }
      for (const notice of notices) {
        expect(rectOf(notice).width, 'the notice is shown').to.be.greaterThan(0);
        for (const [what, el] of Object.entries(covered)) {
          expect(intersects(rectOf(notice), rectOf(el)), `${notice.textContent} over the ${what}`).to.equal(false);
        }
      }
    });
  }
  const many = () => Array.from({ length: 14 }, (_, i) => summary(i + 1, `Visitor ${1000 + i}`, 1));
  const back = () => within(dom.host).queryByRole('button', { name: 'Back to conversations' });
  // Booleans, not elements, in assertions: chai would print a React-rendered element at length.
  const shown = (el: Element | null) => el !== null && el.getClientRects().length > 0;

  it('on a 375 px phone, the list and the conversation are two screens; Back returns to the list where it was scrolled', async () => {
    await setViewport({ width: 375, height: 667 });
    await renderDesk(many());
    const view = within(dom.host);
    expect(shown(back()), 'the list comes first, without a way back').to.equal(false);
    expect(shown(view.queryByText('Select a conversation')), 'no empty pane beside the list').to.equal(false);
    window.scrollTo(0, 400);
    const scrolled = window.scrollY;
    expect(scrolled, 'the list is longer than the screen').to.be.greaterThan(0);

    await openConversation('Visitor 1008');
    expect(shown(view.queryByRole('navigation', { name: 'Conversations' })), 'the list gives way').to.equal(false);
    expect(document.activeElement === back(), 'focus goes to the way back, not to the page').to.equal(true);
    expect(window.scrollY, 'the conversation opens at its top').to.equal(0);
    expect(document.scrollingElement!.scrollWidth).to.be.at.most(document.scrollingElement!.clientWidth);

    await act(async () => back()!.click());
    const item = list().getByRole('button', { name: /^Visitor 1008/ });
    expect(shown(view.queryByRole('textbox', { name: 'Message to Visitor 1008' })), 'the conversation gives way').to.equal(false);
    expect(item.getAttribute('aria-current'), 'the conversation stays selected').to.equal('true');
    expect(document.activeElement === item, 'focus returns to the conversation left').to.equal(true);
    expect(window.scrollY, 'the list keeps its scroll').to.equal(scrolled);
    expect(shown(back())).to.equal(false);
  });

  for (const width of [768, 1280]) {
    it(`at ${width} px, the list and the conversation stay side by side, with no way back to show`, async () => {
      await setViewport({ width, height: 1024 });
      await renderDesk(many());
      await openConversation('Visitor 1003');
      expect(list().getByRole('button', { name: /^Visitor 1003/ }).getAttribute('aria-current')).to.equal('true');
      expect(shown(back())).to.equal(false);
      expect(document.scrollingElement!.scrollWidth).to.be.at.most(document.scrollingElement!.clientWidth);
    });
  }
});
