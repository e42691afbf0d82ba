import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { within } from '@testing-library/dom';
import { createStore } from 'jotai/vanilla';
import { act, useEffect } from 'react';
import type { ConversationDetail } from '../../../src/protocol/operator-console.js';
import type { OperatorApi } from '../../../src/operator/core/api.js';
import { ConversationPane } from '../../../src/operator/desk/conversation-pane.js';
import { NO_PANE_SLOTS, type ComposerActionProps, type PaneExtensions } from '../../../src/operator/desk/pane-slots.js';
import { outsideAct, reactMount, waitUntil } from '../support.js';

const DETAIL: ConversationDetail = {
  id: 4, channel_id: 1, visitor_name: 'Ann', origin: 'chat', created_at: 0, closed_at: null, last_message: null, unread: 0, waiting_since: null,
  messages: [], page_history: null, rating: null, reply_email: null,
};

let renders = 0;

/** An action that names the same list again on every render. */
function EveryRenderAction({ field }: ComposerActionProps): React.JSX.Element {
  renders += 1;
  const { setSuggestions } = field;
  useEffect(() => setSuggestions({ listId: 'same', activeId: null }));
  return <span />;
}

/** An action that shows a one-option list while the draft starts with "#", takes Enter then, and writes "picked". */
function HashAction({ field, conversation }: ComposerActionProps): React.JSX.Element {
  const open = field.draft.startsWith('#');
  const { setKeyHandler, setSuggestions, setDraft } = field;
  useEffect(() => {
    setSuggestions(open ? { listId: 'hash-list', activeId: 'hash-1' } : null);
    setKeyHandler(open ? (event) => (event.key === 'Enter' ? (setDraft(`picked for ${conversation.visitor_name}`), true) : false) : null);
  }, [open, setKeyHandler, setSuggestions, setDraft, conversation.visitor_name]);
  return open ? (
    <ul role="listbox" id="hash-list" aria-label="Hash">
      <li role="option" id="hash-1" aria-selected="true">
        one
      </li>
    </ul>
  ) : (
    <span>{field.draft.length}</span>
  );
}

describe('the composer’s field for actions', () => {
  const dom = reactMount();

  function render(sent: string[]) {
    const extensions: PaneExtensions = {
      slots: { ...NO_PANE_SLOTS, composerActions: [HashAction] },
      context: { api: {} as OperatorApi, store: createStore(), reloadOpen() {}, sent() {} },
    };
    act(() =>
      dom.root.render(
        <ConversationPane conversation={DETAIL} visitorTyping={false} onSend={async (t) => void sent.push(t)} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={extensions} />,
      ),
    );
    return within(dom.host).getByRole('textbox');
  }

  it('an action reads the draft, names its list on the text field, takes Enter and replaces the draft', async () => {
    const sent: string[] = [];
    const box = render(sent) as HTMLTextAreaElement;
    box.focus();
    await outsideAct(() => sendKeys({ type: 'ab' }));
    await waitUntil(() => within(dom.host).queryByText('2'), 'the action sees the draft');
    expect(box.getAttribute('aria-controls')).to.equal(null);
    await outsideAct(() => sendKeys({ type: '#x' }));
    expect(box.value).to.equal('ab#x');
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    expect(sent, 'a draft not starting with # is sent').to.deep.equal(['ab#x']);
    await outsideAct(() => sendKeys({ type: '#q' }));
    await waitUntil(() => box.getAttribute('aria-controls') === 'hash-list');
    expect(box.getAttribute('aria-activedescendant')).to.equal('hash-1');
    expect(box.getAttribute('aria-autocomplete')).to.equal('list');
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    await waitUntil(() => box.value === 'picked for Ann', 'the action replaced the draft');
    expect(sent, 'Enter taken by the action sends nothing').to.deep.equal(['ab#x']);
    expect(document.activeElement).to.equal(box);
    await waitUntil(() => box.getAttribute('aria-controls') === null, 'the list is no longer named');
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    expect(sent).to.deep.equal(['ab#x', 'picked for Ann']);
  });

  it('naming the same list again on every render settles', async () => {
    renders = 0;
    const extensions: PaneExtensions = {
      slots: { ...NO_PANE_SLOTS, composerActions: [EveryRenderAction] },
      context: { api: {} as OperatorApi, store: createStore(), reloadOpen() {}, sent() {} },
    };
    act(() => dom.root.render(<ConversationPane conversation={DETAIL} visitorTyping={false} onSend={async () => {}} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={extensions} />));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(renders).to.be.below(5);
    expect(within(dom.host).getByRole('textbox').getAttribute('aria-controls')).to.equal('same');
  });
});
