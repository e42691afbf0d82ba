import { expect } from '@open-wc/testing';
import { act } from 'react';
import { createStore } from 'jotai/vanilla';
import type { ConversationDetail } from '../../../../src/protocol/operator-console.js';
import { LEAVE_ROUTE } from '../../../../src/protocol/console/transfer.js';
import type { UserNotice } from '../../../../src/platform/notify/notifier.js';
import { loadTranslator } from '../../../../src/platform/i18n/index.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import type { OperatorApi } from '../../../../src/operator/core/api.js';
import type { ComposerField, ComposerKeyHandler } from '../../../../src/operator/desk/pane-slots.js';
import { deskEventAtom, selectedIdAtom } from '../../../../src/operator/desk/desk-atoms.js';
import { transferBusHandler } from '../../../../src/operator/features/transfer/transfer-bus.js';
import { LeaveCommand } from '../../../../src/operator/features/transfer/leave-command.js';
import { reactMount, waitUntil } from '../../support.js';

const DETAIL = { id: 7, channel_id: 1, visitor_name: 'Visitor #7', origin: 'chat', closed_at: null, messages: [] } as unknown as ConversationDetail;

describe('conversations changing hands, in the console', () => {
  async function deskWithOpen() {
    const store = createStore();
    store.set(deskEventAtom, { type: 'listed', conversations: [DETAIL] });
    store.set(deskEventAtom, { type: 'selected', id: 7 });
    const translator = await loadTranslator('en');
    const t = translator.t.bind(translator);
    const notices: UserNotice[] = [];
    let reloads = 0;
    const tools = { showNotice: (n: UserNotice) => void notices.push(n), t, reloadList: () => void (reloads += 1) };
    return { store, notices, tools, reloads: () => reloads };
  }

  it('the previous operator reads where it went, by reason, and leaves it; the list reloads', async () => {
    for (const [reason, title] of [
      ['transferred', 'Transferred to Ann'],
      ['reassigned', 'Moved to Ann: no answer within the delay'],
      ['taken', 'Taken over by Ann'],
      ['dequeued', 'Handed to Ann'],
    ] as const) {
      const { store, notices, tools, reloads } = await deskWithOpen();
      transferBusHandler({ kind: 'info', info: 'conversation_assigned', payload: { info: 'conversation_assigned', session_id: 7, operator_id: 5, operator_name: 'Ann', reason } }, store, tools);
      expect(notices.map((n) => n.title)).to.deep.equal([title]);
      expect(store.get(selectedIdAtom), reason).to.equal(null);
      expect(reloads()).to.equal(1);
    }
  });

  it('the receiver reads who passed it on, and the note first; an invited colleague by whom', async () => {
    const { store, notices, tools, reloads } = await deskWithOpen();
    transferBusHandler({ kind: 'info', info: 'conversation_received', payload: { info: 'conversation_received', session_id: 9, visitor_label: 'Visitor #9', reason: 'transferred', from_name: 'Bob', note: 'Wants a refund' } }, store, tools);
    transferBusHandler({ kind: 'info', info: 'conversation_received', payload: { info: 'conversation_received', session_id: 10, visitor_label: 'Visitor #10', reason: 'reassigned', from_name: null, note: null } }, store, tools);
    transferBusHandler({ kind: 'info', info: 'conversation_invited', payload: { info: 'conversation_invited', session_id: 11, visitor_label: 'Visitor #11', by_name: 'Cleo' } }, store, tools);
    expect(notices.map((n) => [n.title, n.body])).to.deep.equal([
      ['Bob passed you a conversation with Visitor #9', 'Wants a refund'],
      ['A conversation with Visitor #10 is yours now', ''],
      ['Cleo invited you into a conversation with Visitor #11', ''],
    ]);
    expect(store.get(selectedIdAtom), 'the open one stays').to.equal(7);
    expect(reloads()).to.equal(3);
  });

  describe('/leave in the composer', () => {
    const dom = reactMount();

    it('Enter on "/leave" leaves the conversation and sends nothing to the visitor', async () => {
      const calls: [string, unknown][] = [];
      const api = {
        call: async (route: string, params: unknown) => {
          calls.push([route, params]);
          return { session_id: 7, participants: [] };
        },
      } as unknown as OperatorApi;
      const store = createStore();
      store.set(deskEventAtom, { type: 'listed', conversations: [DETAIL] });
      store.set(deskEventAtom, { type: 'selected', id: 7 });
      let handler: ComposerKeyHandler | null = null;
      const drafts: string[] = [];
      const field = (draft: string): ComposerField => ({ draft, setDraft: (d) => void drafts.push(d), focus() {}, setKeyHandler: (h) => void (handler = h), setSuggestions() {} });
      const translator = await loadTranslator('en');
      const draw = (draft: string) =>
        act(async () =>
          dom.root.render(
            <TextProvider translator={translator}>
              <LeaveCommand api={api} store={store} conversation={DETAIL} sessionId={7} field={field(draft)} setError={() => {}} reloadOpen={() => {}} sent={() => {}} />
            </TextProvider>,
          ),
        );
      await draw('/lea');
      expect(handler, 'not yet a command').to.equal(null);
      await draw(' /leave ');
      const press = (key: string) => (handler as ComposerKeyHandler)({ key, shiftKey: false } as never);
      expect(press('a')).to.equal(false);
      expect(press('Enter')).to.equal(true);
      await waitUntil(() => calls.length === 1);
      expect(calls).to.deep.equal([[LEAVE_ROUTE, { session_id: 7 }]]);
      expect(drafts).to.deep.equal(['']);
      await waitUntil(() => store.get(selectedIdAtom) === null);
    });
  });
});
