import { useCallback, useMemo, useRef } from 'react';
import { useMinuteNow } from '../../ui/shared/minute-clock.js';
import { useStoreValue } from '../../ui/shared/use-store-value.js';
import type { OperatorApi } from '../core/api.js';
import { conversationsAtom, deskEventAtom, listQueryAtom, openConversationAtom, openVisitorTypingAtom, screenAtom, selectedIdAtom, viewCountsAtom, type DeskStore } from './desk-atoms.js';
import { ListViews } from './list-views.js';
import { useT } from '../core/texts.js';
import { ConversationList } from './conversation-list.js';
import { ConversationPane } from './conversation-pane.js';
import type { DeskLoaders } from './use-desk-loaders.js';
import { useDeskScreens, useFieldAboveKeyboard } from './use-desk-screens.js';
import { useOperatorTyping } from './use-operator-typing.js';
import { useReadReceipts } from './use-read-receipts.js';
import type { PaneExtensions, PaneSlots } from './pane-slots.js';
import { NO_LIST_SLOTS, type ListSlots } from './list-slots.js';
import { useListCommands } from './use-list-commands.js';

/** Props of {@link DeskConversations}. */
export interface DeskConversationsProps {
  api: OperatorApi;
  store: DeskStore;
  reloadOpen: DeskLoaders['reloadOpen'];
  reportError(err: unknown): void;
  /** What features add to the open conversation. */
  slots: PaneSlots;
  /** What features add to the list. */
  listSlots?: ListSlots;
  /** Offers the view of all conversations (the server checks again). */
  isAdmin?: boolean;
}

/**
 * The desk's main view: the live conversation list and the open conversation, with what the operator does
 * in it. Where only one fits (a phone), they are two screens, and the conversation's has a way back.
 */
export function DeskConversations({ api, store, reloadOpen, reportError, slots, listSlots = NO_LIST_SLOTS, isAdmin = false }: DeskConversationsProps): React.JSX.Element {
  const t = useT();
  const query = useStoreValue(store, listQueryAtom);
  const counts = useStoreValue(store, viewCountsAtom);
  const conversations = useStoreValue(store, conversationsAtom);
  const selectedId = useStoreValue(store, selectedIdAtom);
  const open = useStoreValue(store, openConversationAtom);
  const visitorTyping = useStoreValue(store, openVisitorTypingAtom);
  const screen = useStoreValue(store, screenAtom);
  const mainRef = useRef<HTMLElement>(null);
  const leavingList = useDeskScreens(mainRef, screen);
  useFieldAboveKeyboard(mainRef);
  // Relative times follow the one shared minute clock, as in the widget.
  const now = useMinuteNow().getTime();
  const typing = useOperatorTyping(api, open?.id);
  const extensions = useMemo<PaneExtensions>(() => ({ slots, context: { api, store, reloadOpen, sent: () => typing?.sent() } }), [slots, api, store, reloadOpen, typing]);
  const seen = useCallback((sessionId: number) => store.set(deskEventAtom, { type: 'seen', sessionId }), [store]);
  useReadReceipts(api, open, seen);

  const select = (id: number) => {
    leavingList();
    store.set(deskEventAtom, { type: 'selected', id });
    reloadOpen(id);
  };
  useListCommands(store, mainRef, conversations, selectedId, open?.id, select);

  const send = async (text: string) => {
    if (!open) return;
    typing?.sent();
    const id = await api.post(open.id, text);
    if (id === false) throw new Error(t('operator.conversation.closed'));
  };

  return (
    <main className="op-main" data-screen={screen} ref={mainRef}>
      <ConversationList
        conversations={conversations}
        selectedId={selectedId}
        now={now}
        onSelect={select}
        extensions={{ slots: listSlots, api, store }}
        controls={<ListViews view={query.view} counts={counts} isAdmin={isAdmin} onView={(view) => store.set(listQueryAtom, { ...query, view })} />}
      />
      {/* Shown by the stylesheet only where the list and the conversation are two screens. */}
      <button type="button" className="op-back" onClick={() => store.set(deskEventAtom, { type: 'back' })}>
        <span className="op-back-arrow" aria-hidden="true">←</span> {t('operator.conversation.back')}
      </button>
      {open ? (
        <ConversationPane
          conversation={open}
          visitorTyping={visitorTyping}
          onSend={send}
          onComposerInput={(hasText) => typing?.input(hasText)}
          onRequestHistory={() => void api.requestHistory(open.id).catch(reportError)}
          onClose={() => void api.close(open.id).then(() => store.set(deskEventAtom, { type: 'closed', sessionId: open.id, at: Date.now() }), reportError)}
          extensions={extensions}
        />
      ) : (
        <p className="op-pane-empty">{t('operator.conversation.none')}</p>
      )}
    </main>
  );
}
