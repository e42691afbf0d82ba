import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { within } from '@testing-library/dom';
import { createStore } from 'jotai/vanilla';
import { act } from 'react';
import {
  CANNED_REPLIES_ROUTE,
  CANNED_REPLY_VALUES_ROUTE,
  type CannedReply,
  type CannedReplyList,
  type CannedReplyValues,
} from '../../../../src/protocol/canned-replies.js';
import type { ConversationDetail } from '../../../../src/protocol/operator-console.js';
import { loadTranslator } from '../../../../src/platform/i18n/index.js';
import { paneSlotsOf } from '../../../../src/operator/app/registry.js';
import type { OperatorApi } from '../../../../src/operator/core/api.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import { ConversationPane } from '../../../../src/operator/desk/conversation-pane.js';
import { cannedReplies } from '../../../../src/operator/features/canned-replies/index.js';
import { filterReplies, slashQuery } from '../../../../src/operator/features/canned-replies/canned-api.js';
import { outsideAct, reactMount, waitUntil, consoleAxe } from '../../support.js';

const DETAIL: ConversationDetail = {
  id: 4, channel_id: 1, visitor_name: 'Visitor 4821', origin: 'chat', created_at: 0, closed_at: null, last_message: null, unread: 0, waiting_since: null,
  messages: [], page_history: null, rating: null, reply_email: null,
};

const reply = (id: number, shortcut: string, text: string, channel_id: number | null = null): CannedReply => ({ id, channel_id, shortcut, text, editable: channel_id === null });
const REPLIES: CannedReply[] = [
  reply(1, 'hello', 'Hi {{visitor.name | there}}, I am {{operator.name}}.'),
  reply(2, 'bye', 'Goodbye from {{channel.name}}!', 1),
  reply(3, 'refund', 'Your refund is on its way, {{visitor.name}}.', 1),
  reply(4, 'other', 'Another channel’s', 2),
];
const VALUES: CannedReplyValues = { 'visitor.name': null, 'visitor.email': null, 'operator.name': 'Nora', 'channel.name': 'Website' };

/** A stand-in server: the list and the values, and which routes were called. */
function fakeApi(calls: string[]): OperatorApi {
  return {
    call: async (route: string) => {
      calls.push(route);
      if (route === CANNED_REPLIES_ROUTE) return { replies: REPLIES, channels: [{ id: 1, name: 'Website' }] } satisfies CannedReplyList;
      if (route === CANNED_REPLY_VALUES_ROUTE) return VALUES;
      throw new Error(`unexpected ${route}`);
    },
  } as unknown as OperatorApi;
}

describe('canned replies in the composer', () => {
  const dom = reactMount();

  it('filters by shortcut and text, shortcut starts first; a slash query needs the draft to start with /', () => {
    expect(filterReplies(REPLIES, 're').map((r) => r.id)).to.deep.equal([3, 1, 2, 4].filter((id) => [3].includes(id) || REPLIES.find((r) => r.id === id)!.text.toLowerCase().includes('re')));
    expect(filterReplies(REPLIES, 'way').map((r) => r.id)).to.deep.equal([3]);
    expect(filterReplies(REPLIES, '').length).to.equal(4);
    expect(slashQuery('/he')).to.equal('he');
    expect(slashQuery('a /he')).to.equal(undefined);
    expect(slashQuery('/he\nx')).to.equal(undefined);
  });

  async function render(sent: string[], calls: string[] = []) {
    const translator = await loadTranslator('en');
    const extensions = { slots: paneSlotsOf([cannedReplies]), context: { api: fakeApi(calls), store: createStore(), reloadOpen() {}, sent() {} } };
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <ConversationPane conversation={DETAIL} visitorTyping={false} onSend={async (t) => void sent.push(t)} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={extensions} />
        </TextProvider>,
      ),
    );
    const box = within(dom.host).getByRole('textbox', { name: /Message to/ }) as HTMLTextAreaElement;
    box.focus();
    return box;
  }

  const options = () => within(dom.host).queryAllByRole('option');
  const selected = () => options().find((o) => o.getAttribute('aria-selected') === 'true')?.textContent;
  const preview = () => within(dom.host).queryByRole('region', { name: 'Preview' })?.querySelector('[data-testid="canned-preview"]')?.textContent;

  it('/ opens the list of the conversation channel’s and the operator’s replies, filtered as one types; arrows move; Enter inserts the rendered text without sending', async () => {
    const sent: string[] = [];
    const box = await render(sent);
    await outsideAct(() => sendKeys({ type: '/' }));
    await waitUntil(() => options().length === 3, 'another channel’s reply is left out');
    const list = within(dom.host).getByRole('listbox', { name: 'Canned replies' });
    expect(box.getAttribute('aria-controls')).to.equal(list.id);
    expect(box.getAttribute('aria-activedescendant')).to.equal(options()[0]!.id);
    await outsideAct(() => sendKeys({ type: 're' }));
    await waitUntil(() => options().length === 2);
    expect(options()[0]!.textContent).to.contain('/refund');
    await waitUntil(() => preview() === 'Your refund is on its way.', 'the preview shows what will be sent, the empty name leaving nothing odd');
    await outsideAct(() => sendKeys({ press: 'ArrowDown' }));
    await waitUntil(() => selected()?.includes('/hello'));
    expect(box.getAttribute('aria-activedescendant')).to.equal(options()[1]!.id);
    expect(preview()).to.equal('Hi there, I am Nora.');
    await outsideAct(() => sendKeys({ press: 'ArrowDown' }));
    await waitUntil(() => selected()?.includes('/refund'), 'Down wraps around');
    await outsideAct(() => sendKeys({ press: 'ArrowUp' }));
    await waitUntil(() => selected()?.includes('/hello'));
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    await waitUntil(() => box.value === 'Hi there, I am Nora.');
    expect(sent, 'Enter in the list sends nothing').to.deep.equal([]);
    expect(options()).to.have.length(0);
    expect(box.hasAttribute('aria-controls')).to.equal(false);
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    expect(sent).to.deep.equal(['Hi there, I am Nora.']);
  });

  it('Escape closes the list and keeps the draft; typing opens it again; no match lets Enter send', async () => {
    const sent: string[] = [];
    const box = await render(sent);
    await outsideAct(() => sendKeys({ type: '/by' }));
    await waitUntil(() => options().length === 1);
    await outsideAct(() => sendKeys({ press: 'Escape' }));
    await waitUntil(() => options().length === 0);
    expect(box.value).to.equal('/by');
    await outsideAct(() => sendKeys({ type: 'e' }));
    await waitUntil(() => options().length === 1, 'the list opens again as the draft changes');
    await outsideAct(() => sendKeys({ type: 'zzz' }));
    await waitUntil(() => within(dom.host).queryByText('No canned reply matches'));
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    expect(sent).to.deep.equal(['/byezzz']);
  });

  it('the button opens the list over the draft and adds the reply after it; the open list has no axe violation', async () => {
    const sent: string[] = [];
    const calls: string[] = [];
    const box = await render(sent, calls);
    expect(calls, 'nothing is loaded before the list opens').to.deep.equal([]);
    await outsideAct(() => sendKeys({ type: 'Sure.' }));
    const button = within(dom.host).getByRole('button', { name: 'Canned replies' });
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    act(() => button.click());
    await waitUntil(() => options().length === 3);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(document.activeElement).to.equal(box);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    await outsideAct(() => sendKeys({ press: 'ArrowDown' }));
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    await waitUntil(() => box.value === 'Sure. Goodbye from Website!');
    expect(sent).to.deep.equal([]);
    expect(calls.filter((c) => c === CANNED_REPLIES_ROUTE), 'the list is loaded once').to.have.length(1);
  });

  it('the button on an empty draft starts a / query', async () => {
    const box = await render([]);
    act(() => within(dom.host).getByRole('button', { name: 'Canned replies' }).click());
    await waitUntil(() => box.value === '/' && options().length === 3, `draft ${JSON.stringify(box.value)}, ${options().length} options`);
    act(() => options()[2]!.click());
    await waitUntil(() => box.value === 'Your refund is on its way.');
  });
});
