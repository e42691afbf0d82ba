import { createStore } from 'jotai/vanilla';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CrossTabBus } from '../../platform/bus/cross-tab-bus.js';
import type { PollLoopState } from '../../platform/bus/poll-loop.js';
import type { NoticeOutcome, UserNotice } from '../../platform/notify/notifier.js';
import { useStoreValue } from '../../ui/shared/use-store-value.js';
import type { OperatorApi } from '../core/api.js';
import { useT } from '../core/texts.js';
import { movesViewCounts } from '../core/console-bus.js';
import type { ConversationLink } from '../../protocol/operator-console.js';
import { deskEventAtom, disposeDeskAtom, foundItemAtom, listQueryAtom, liveSessionIdsAtom, messageWindowAtom } from '../desk/desk-atoms.js';
import { handleDeskBusEvent } from '../desk/desk-bus-events.js';
import { DeskConversations } from '../desk/desk-conversations.js';
import { useDeskBus } from '../desk/use-desk-bus.js';
import { useDeskError, useDeskLoaders, usePresence } from '../desk/use-desk-loaders.js';
import { useConversationLink } from '../desk/use-conversation-link.js';
import { DeskHeader, type HeaderView } from './desk-header.js';
import { DESK_VIEW_ID } from '../desk/commands.js';
import { ShortcutsButton, ShortcutsDialog } from './shortcuts/shortcuts-dialog.js';
import { SHORTCUTS_DIALOG, useKeyboardShortcuts } from './shortcuts/use-keyboard-shortcuts.js';
import { Notices } from './notices.js';
import { adminSectionsOf, listSlotsOf, paneSlotsOf, viewsOf, type ConsoleFeature } from './registry.js';
import { useDeskNotices } from './use-desk-notices.js';

/** Props of {@link Desk}. */
export interface DeskProps {
  api: OperatorApi;
  /** The operator's partner id (its bus channel). */
  partnerId: number;
  operatorName: string;
  /** Whether the operator is an administrator (the server checks again on every admin call). */
  isAdmin: boolean;
  /** Whether the operator supervises a channel (the supervision screen); false when left out. */
  isSupervisor?: boolean;
  /** Builds the bus; called once per desk. */
  createBus(onPollState: (state: PollLoopState) => void): CrossTabBus;
  /** Delivers a notice (desktop from the master tab, else in-page and beep). */
  notify(notice: UserNotice, isMaster: () => boolean, showInPage: (notice: UserNotice) => void): NoticeOutcome;
  /** Whether desktop notifications could be enabled by asking (permission "default"). */
  canAskDesktop: boolean;
  onAskDesktop(): void;
  onLogout(): void;
  /** What the features add: views, dialogs, sections of the conversation pane, bus handlers. */
  features: readonly ConsoleFeature[];
}

/** The conversations: the view shown first, and on following a conversation's link. */
const DESK_VIEW: HeaderView = { id: DESK_VIEW_ID, label: 'operator.view.desk' };

/** The features' contributions, gathered once per desk. */
function useContributions(features: readonly ConsoleFeature[], isAdmin: boolean, isSupervisor: boolean) {
  return useMemo(
    () => ({
      views: viewsOf(features, isAdmin, isSupervisor),
      dialogs: features.flatMap((f) => f.dialogs ?? []),
      slots: paneSlotsOf(features),
      listSlots: listSlotsOf(features),
      adminSections: isAdmin ? adminSectionsOf(features) : [],
      busHandlers: features.flatMap((f) => f.busHandlers ?? []),
    }),
    [features, isAdmin, isSupervisor],
  );
}

/** The desk's failure line, with its Dismiss button. */
function DeskErrorLine({ error, onDismiss }: { error: string | null; onDismiss(): void }): React.JSX.Element | null {
  const t = useT();
  if (!error) return null;
  return (
    <div role="alert" className="op-error">
      {error}{' '}
      <button type="button" onClick={onDismiss}>
        {t('operator.notice.dismiss')}
      </button>
    </div>
  );
}

/** The support desk: presence, the live conversation list and the open conversation, and the features' views and dialogs. */
export function Desk({ api, partnerId, operatorName, isAdmin, isSupervisor = false, createBus, notify, canAskDesktop, onAskDesktop, onLogout, features }: DeskProps): React.JSX.Element {
  const t = useT();
  const [store] = useState(createStore);
  useEffect(() => () => store.set(disposeDeskAtom), [store]);
  const [pollState, setPollState] = useState<PollLoopState>('stopped');
  const [view, setView] = useState(DESK_VIEW.id);
  const [shownName, setShownName] = useState(operatorName);
  const [openDialog, setOpenDialog] = useState<string | null>(null);
  const { views, dialogs, slots, listSlots, adminSections, busHandlers } = useContributions(features, isAdmin, isSupervisor);
  const context = useMemo(() => ({ api, store, partnerId, adminSections }), [api, store, partnerId, adminSections]);
  const { error, reportError, clearError } = useDeskError();
  const { reloadList, reloadOpen, reloadCounts } = useDeskLoaders(api, store, reportError);
  const busRef = useRef<CrossTabBus | null>(null);
  const { notices, showNotice, dismissNotice } = useDeskNotices(notify, busRef);
  const [announced] = useState(() => new Map<number, string>());

  useDeskBus(busRef, {
    createBus,
    partnerId,
    liveSessionIds: useStoreValue(store, liveSessionIdsAtom),
    onPollState: setPollState,
    onEvent: (event) => {
      handleDeskBusEvent(event, { store, reloadList, reloadOpen, showNotice, t, announced });
      for (const handle of busHandlers) handle(event, store, { showNotice, t, reloadList });
      if (movesViewCounts(event)) reloadCounts();
    },
  });
  // Read again whenever the operator picks another view or filter.
  const listQuery = useStoreValue(store, listQueryAtom);
  useEffect(() => reloadList(), [reloadList, listQuery]);
  useConversationLink(
    useCallback(
      ({ sessionId: id, item }: ConversationLink) => {
        setView(DESK_VIEW.id);
        store.set(foundItemAtom, item ? { sessionId: id, item } : null);
        if (item?.kind === 'message') store.set(messageWindowAtom, { sessionId: id, sinceMessageId: item.id });
        store.set(deskEventAtom, { type: 'selected', id });
        reloadOpen(id);
      },
      [store, reloadOpen],
    ),
  );
  const { presence, togglePresence } = usePresence(api, reportError);
  const shown = views.find((v) => v.id === view);
  const dialog = dialogs.find((d) => d.id === openDialog);
  const shortcuts = useKeyboardShortcuts({ features, api, store, view, showView: setView, openDialog: setOpenDialog });

  return (
    <div className="op-desk">
      <DeskHeader
        views={[DESK_VIEW, ...views]}
        view={view}
        onView={setView}
        ownControls={[
          ...dialogs.map((d) => <d.Trigger key={d.id} operatorName={shownName} onOpen={() => setOpenDialog(d.id)} />),
          <ShortcutsButton key={SHORTCUTS_DIALOG} onOpen={() => setOpenDialog(SHORTCUTS_DIALOG)} />,
        ]}
        presence={presence}
        onTogglePresence={togglePresence}
        pollState={pollState}
        canAskDesktop={canAskDesktop}
        onAskDesktop={onAskDesktop}
        onLogout={onLogout}
      />
      {dialog ? <dialog.Dialog {...context} onNameChanged={setShownName} onClose={() => setOpenDialog(null)} /> : null}
      {openDialog === SHORTCUTS_DIALOG ? <ShortcutsDialog commands={shortcuts.commands} singleKeys={shortcuts.singleKeys} onSingleKeys={shortcuts.setSingleKeys} onClose={() => setOpenDialog(null)} /> : null}
      <p role="status" className="op-shortcut-status">
        {shortcuts.unavailable}
      </p>
      <DeskErrorLine error={error} onDismiss={clearError} />
      <Notices notices={notices} onDismiss={dismissNotice} />
      {shown ? (
        <main className="op-main-single">
          <shown.Panel {...context} />
        </main>
      ) : (
        <DeskConversations api={api} store={store} reloadOpen={reloadOpen} reportError={reportError} slots={slots} listSlots={listSlots} isAdmin={isAdmin} />
      )}
    </div>
  );
}
