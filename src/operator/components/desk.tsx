import { useAtomValue } from 'jotai/react';
import { createStore } from 'jotai/vanilla';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BusChannel } from '../../protocol/livechat.js';
import type { OperatorPresence } from '../../protocol/operator-console.js';
import type { CrossTabBus } from '../../platform/bus/cross-tab-bus.js';
import type { PollLoopState } from '../../platform/bus/poll-loop.js';
import type { NoticeOutcome, UserNotice } from '../../platform/notify/notifier.js';
import type { OperatorApi } from '../api.js';
import { decodeConsoleNotification } from '../console-bus.js';
import { conversationsAtom, deskEventAtom, disposeDeskAtom, liveSessionIdsAtom, openConversationAtom, openVisitorTypingAtom, selectedIdAtom, visitorTypingAtom } from '../desk-atoms.js';
import { isFromVisitor, type DeskEvent } from '../desk-state.js';
import { createOwnTyping, pageClock } from '../../platform/typing/index.js';
import { useT } from '../texts.js';
import { ConversationList } from './conversation-list.js';
import { ConversationPane } from './conversation-pane.js';
import { bodyText } from '../../platform/text/body-text.js';
import { Notices, type ShownNotice } from './notices.js';
import { DeskHeader, type DeskView } from './desk-header.js';
import { shouldNotifyMessage, withNotice } from '../notice-policy.js';
import { StatisticsPanel } from './statistics-panel.js';
import { AdminPanel } from './admin-panel.js';
import { useMinuteNow } from '../../ui/shared/minute-clock.js';

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

const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export type { DeskView } from './desk-header.js';

const wallClock = (): number => Date.now();

// Leaving a conversation tells its visitor the operator stopped typing.
const OPERATOR_TYPING = { stopOnSend: 'throttled', stopOnDispose: 'announce' } as const;

/** The support desk: presence, the live conversation list and the open conversation. */
export function Desk({ api, partnerId, operatorName, isAdmin, createBus, notify, canAskDesktop, onAskDesktop, onLogout }: DeskProps): React.JSX.Element {
  const t = useT();
  const [store] = useState(createStore);
  const dispatch = useCallback((event: DeskEvent) => store.set(deskEventAtom, event), [store]);
  const conversations = useAtomValue(conversationsAtom, { store });
  const selectedId = useAtomValue(selectedIdAtom, { store });
  const open = useAtomValue(openConversationAtom, { store });
  const visitorTyping = useAtomValue(openVisitorTypingAtom, { store });
  const liveSessionIds = useAtomValue(liveSessionIdsAtom, { store });
  const [presence, setPresence] = useState<OperatorPresence | null>(null);
  const [pollState, setPollState] = useState<PollLoopState>('stopped');
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Relative times follow the one shared minute clock, as in the widget.
  const now = useMinuteNow().getTime();
  const [view, setView] = useState<DeskView>('desk');
  // Bumped when the statistics may have changed, so an open statistics panel reads them again.
  const [statsKey, setStatsKey] = useState(0);
  const busRef = useRef<CrossTabBus | null>(null);
  useEffect(() => () => store.set(disposeDeskAtom), [store]);
  const noticeId = useRef(0);

  const reportError = useCallback((err: unknown) => {
    if (err && typeof err === 'object' && 'preventDefault' in err && typeof err.preventDefault === 'function') err.preventDefault();
    setError(t('operator.error.generic', { reason: reason(err) }));
  }, [t]);

  const reloadList = useCallback(() => {
    api.conversations().then((conversations) => dispatch({ type: 'listed', conversations }), reportError);
  }, [api, dispatch, reportError]);

  const reloadOpen = useCallback((id: number) => {
    api.conversation(id).then((detail) => dispatch({ type: 'opened', detail }), reportError);
  }, [api, dispatch, reportError]);

  const dismissNotice = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);

  const showNotice = useCallback(
    (notice: UserNotice) => {
      const bus = busRef.current;
      notify(notice, () => bus?.isMaster ?? true, (n) => {
        noticeId.current += 1;
        const id = noticeId.current;
        setNotices((list) => withNotice(list, { ...n, id }));
      });
    },
    [notify],
  );

  // The bus: one per desk; channels follow the open conversations.
  useEffect(() => {
    const bus = createBus(setPollState);
    busRef.current = bus;
    const unsubscribe = bus.subscribe((n) => {
      const event = decodeConsoleNotification(n, partnerId);
      const current = { conversations: store.get(conversationsAtom), open: store.get(openConversationAtom), selectedId: store.get(selectedIdAtom) };
      switch (event.kind) {
        case 'new_session':
          reloadList();
          setStatsKey((k) => k + 1);
          showNotice({ title: t('operator.notice.newConversation', { name: event.session.anonymous_name }), body: '' });
          break;
        case 'message': {
          const sessionId = event.message.channel_ids[0];
          const known = current.conversations.find((c) => c.id === sessionId);
          if (!known) reloadList();
          dispatch({ type: 'message', message: event.message });
          if (!isFromVisitor(event.message)) break;
          if (sessionId !== undefined && current.open?.id === sessionId) reloadOpen(sessionId);
          const context = { sessionId, openId: current.selectedId, pageVisible: document.visibilityState === 'visible', pageFocused: document.hasFocus() };
          if (shouldNotifyMessage(context)) {
            showNotice({ title: t('operator.notice.newMessage', { name: known?.visitor_name ?? t('widget.defaultUsername') }), body: bodyText(event.message.body) });
          }
          break;
        }
        case 'typing':
          store.set(visitorTypingAtom, event.sessionId, event.isTyping);
          break;
        case 'closed':
          dispatch({ type: 'closed', sessionId: event.sessionId, at: Date.now() });
          break;
        case 'history':
          dispatch({ type: 'history', sessionId: event.sessionId, pages: event.pages });
          break;
        case 'rated':
          dispatch({ type: 'rated', sessionId: event.sessionId, rating: event.rating });
          setStatsKey((k) => k + 1);
          break;
        case 'ignored':
          break;
      }
    });
    bus.addChannel(BusChannel.operator(partnerId));
    bus.start();
    return () => {
      unsubscribe();
      bus.removeChannel(BusChannel.operator(partnerId));
      bus.stop();
      busRef.current = null;
    };
  }, [createBus, dispatch, partnerId, reloadList, reloadOpen, showNotice, store, t]);

  const openIds = liveSessionIds.join(',');
  useEffect(() => {
    const bus = busRef.current;
    if (!bus) return;
    for (const id of openIds.split(',').filter(Boolean)) bus.addChannel(BusChannel.session(Number(id)));
  }, [openIds]);

  useEffect(() => {
    reloadList();
    api.presence().then(setPresence, reportError);
  }, [api, reloadList, reportError]);

  const openId = open?.id;
  const typing = useMemo(() => {
    if (openId === undefined) return null;
    const sessionId = openId;
    const notifyTyping = (isTyping: boolean) => {
      api.typing(sessionId, isTyping).catch((err: unknown) => {
        // A lost typing notice only affects a hint; it must not interrupt the operator.
        if (err && typeof err === 'object' && 'preventDefault' in err && typeof err.preventDefault === 'function') err.preventDefault();
      });
    };
    return createOwnTyping(pageClock, notifyTyping, OPERATOR_TYPING);
  }, [api, openId]);
  useEffect(() => () => typing?.dispose(), [typing]);

  const select = (id: number) => {
    dispatch({ type: 'selected', id });
    reloadOpen(id);
  };

  const send = async (text: string) => {
    if (!open) return;
    typing?.sent();
    const id = await api.post(open.id, text);
    if (id === false) throw new Error(t('operator.conversation.closed'));
  };

  const togglePresence = () => {
    const next: OperatorPresence = presence === 'available' ? 'away' : 'available';
    api.setPresence(next).then(setPresence, reportError);
  };

  const views: DeskView[] = isAdmin ? ['desk', 'statistics', 'admin'] : ['desk', 'statistics'];

  return (
    <div className="op-desk">
      <DeskHeader
        operatorName={operatorName}
        views={views}
        view={view}
        onView={setView}
        presence={presence}
        onTogglePresence={togglePresence}
        pollState={pollState}
        canAskDesktop={canAskDesktop}
        onAskDesktop={onAskDesktop}
        onLogout={onLogout}
      />
      {error ? (
        <div role="alert" className="op-error">
          {error}{' '}
          <button type="button" onClick={() => setError(null)}>
            {t('operator.notice.dismiss')}
          </button>
        </div>
      ) : null}
      <Notices notices={notices} onDismiss={dismissNotice} />
      {view === 'statistics' ? (
        <main className="op-main-single">
          <StatisticsPanel source={api} refreshKey={statsKey} now={wallClock} />
        </main>
      ) : view === 'admin' ? (
        <main className="op-main-single">
          <AdminPanel api={api} selfId={partnerId} />
        </main>
      ) : (
        <main className="op-main">
          <ConversationList conversations={conversations} selectedId={selectedId} now={now} onSelect={select} />
          {open ? (
            <ConversationPane
              conversation={open}
              visitorTyping={visitorTyping}
              onSend={send}
              onComposerInput={(hasText) => typing?.input(hasText)}
              onRequestHistory={() => open && api.requestHistory(open.id).catch(reportError)}
              onClose={() => open && api.close(open.id).then(() => dispatch({ type: 'closed', sessionId: open.id, at: Date.now() }), reportError)}
              onAttach={async (files) => {
                typing?.sent();
                await api.upload(open.id, files);
              }}
            />
          ) : (
            <p className="op-pane-empty">{t('operator.conversation.none')}</p>
          )}
        </main>
      )}
    </div>
  );
}
