import { createStore } from 'jotai/vanilla';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CrossTabBus } from '../../platform/bus/cross-tab-bus.js';
import type { PollLoopState } from '../../platform/bus/poll-loop.js';
import type { NoticeOutcome, UserNotice } from '../../platform/notify/notifier.js';
import { useStoreValue } from '../../ui/shared/use-store-value.js';
import type { OperatorApi } from '../core/api.js';
import { deskEventAtom, disposeDeskAtom, liveSessionIdsAtom } from '../desk/desk-atoms.js';
import { handleDeskBusEvent } from '../desk/desk-bus-events.js';
import { useT } from '../core/texts.js';
import { AdminPanel } from '../features/admin/admin-panel.js';
import { AlertSettingsPanel } from '../features/alerts/alert-settings-panel.js';
import { DeskConversations } from '../desk/desk-conversations.js';
import { DeskHeader, type DeskView } from './desk-header.js';
import { Notices } from './notices.js';
import { ProfileDialog } from '../core/profile-dialog.js';
import { StatisticsPanel } from '../features/statistics/statistics-panel.js';
import { useDeskBus } from '../desk/use-desk-bus.js';
import { useDeskError, useDeskLoaders, usePresence } from '../desk/use-desk-loaders.js';
import { useDeskNotices } from './use-desk-notices.js';
import { useConversationLink } from '../desk/use-conversation-link.js';

/** Props of {@link Desk}. */
export interface DeskProps {
  api: OperatorApi;
  /** The operator's partner id (its bus channel). */
  partnerId: number;
  operatorName: string;
  /** Whether the operator is an administrator (the server checks again on every admin call). */
  isAdmin: boolean;
  /** Builds the bus; called once per desk. */
  createBus(onPollState: (state: PollLoopState) => void): CrossTabBus;
  /** Delivers a notice (desktop from the master tab, else in-page and beep). */
  notify(notice: UserNotice, isMaster: () => boolean, showInPage: (notice: UserNotice) => void): NoticeOutcome;
  /** Whether desktop notifications could be enabled by asking (permission "default"). */
  canAskDesktop: boolean;
  onAskDesktop(): void;
  onLogout(): void;
}

export type { DeskView } from './desk-header.js';

const wallClock = (): number => Date.now();

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

/** The support desk: presence, the live conversation list and the open conversation. */
export function Desk({ api, partnerId, operatorName, isAdmin, createBus, notify, canAskDesktop, onAskDesktop, onLogout }: DeskProps): React.JSX.Element {
  const t = useT();
  const [store] = useState(createStore);
  useEffect(() => () => store.set(disposeDeskAtom), [store]);
  const [pollState, setPollState] = useState<PollLoopState>('stopped');
  const [view, setView] = useState<DeskView>('desk');
  const [shownName, setShownName] = useState(operatorName);
  const [profileOpen, setProfileOpen] = useState(false);
  // Bumped when the statistics may have changed, so an open statistics panel reads them again.
  const [statsKey, setStatsKey] = useState(0);
  const { error, reportError, clearError } = useDeskError();
  const { reloadList, reloadOpen } = useDeskLoaders(api, store, reportError);
  const busRef = useRef<CrossTabBus | null>(null);
  const { notices, showNotice, dismissNotice } = useDeskNotices(notify, busRef);
  const [announced] = useState(() => new Map<number, string>());

  useDeskBus(busRef, {
    createBus,
    partnerId,
    liveSessionIds: useStoreValue(store, liveSessionIdsAtom),
    onPollState: setPollState,
    onEvent: (event) => handleDeskBusEvent(event, { store, reloadList, reloadOpen, showNotice, statisticsChanged: () => setStatsKey((k) => k + 1), t, announced }),
  });
  useEffect(() => reloadList(), [reloadList]);
  useConversationLink(
    useCallback(
      (id: number) => {
        setView('desk');
        store.set(deskEventAtom, { type: 'selected', id });
        reloadOpen(id);
      },
      [store, reloadOpen],
    ),
  );
  const { presence, togglePresence } = usePresence(api, reportError);

  return (
    <div className="op-desk">
      <DeskHeader
        operatorName={shownName}
        views={isAdmin ? ['desk', 'statistics', 'alerts', 'admin'] : ['desk', 'statistics', 'alerts']}
        view={view}
        onView={setView}
        presence={presence}
        onTogglePresence={togglePresence}
        pollState={pollState}
        canAskDesktop={canAskDesktop}
        onAskDesktop={onAskDesktop}
        onProfile={() => setProfileOpen(true)}
        onLogout={onLogout}
      />
      {profileOpen ? <ProfileDialog api={api} title={t('operator.profile.title')} load={() => api.profile()} onChanged={(p) => setShownName(p.name)} onClose={() => setProfileOpen(false)} /> : null}
      <DeskErrorLine error={error} onDismiss={clearError} />
      <Notices notices={notices} onDismiss={dismissNotice} />
      {view === 'statistics' ? (
        <main className="op-main-single">
          <StatisticsPanel source={api} refreshKey={statsKey} now={wallClock} />
        </main>
      ) : view === 'alerts' ? (
        <main className="op-main-single">
          <AlertSettingsPanel api={api} />
        </main>
      ) : view === 'admin' ? (
        <main className="op-main-single">
          <AdminPanel api={api} selfId={partnerId} />
        </main>
      ) : (
        <DeskConversations api={api} store={store} reloadOpen={reloadOpen} reportError={reportError} />
      )}
    </div>
  );
}
