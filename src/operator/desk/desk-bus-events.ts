/**
 * What the desk does with each decoded bus notification: update its atoms, reload what the notification
 * only hints at, and tell the operator about news.
 */
import type { UserNotice } from '../../platform/notify/notifier.js';
import type { MessageKey, MessageValues } from '../../platform/i18n/index.js';
import { bodyText } from '../../platform/text/body-text.js';
import type { ChatMessage } from '../../protocol/livechat.js';
import type { NewSessionPayload } from '../../protocol/operator-console.js';
import type { ConsoleBusEvent } from '../core/console-bus.js';
import { conversationsAtom, deskEventAtom, selectedIdAtom, openConversationAtom, visitorCardVersionAtom, visitorTypingAtom, type DeskStore } from './desk-atoms.js';
import { isFromVisitor, type DeskEvent } from './desk-state.js';
import { shouldNotifyMessage } from '../core/notice-policy.js';

/** What a bus notification may set off on the desk. */
export interface DeskBusActions {
  store: DeskStore;
  reloadList(): void;
  reloadOpen(sessionId: number): void;
  showNotice(notice: UserNotice): void;
  t(key: MessageKey, values?: MessageValues): string;
  /** Conversations announced as new whose visitor has not written yet, with the notice's title (see {@link firstMessageOf}). */
  announced: Map<number, string>;
}

/** Announced conversations remembered at most; far more than arrive between two of their first messages. */
const ANNOUNCED_MAX = 200;

/** Remembers a conversation announced as new, forgetting the oldest past {@link ANNOUNCED_MAX}. */
function rememberAnnounced(announced: Map<number, string>, sessionId: number, title: string): void {
  announced.set(sessionId, title);
  for (const old of announced.keys()) {
    if (announced.size <= ANNOUNCED_MAX) break;
    announced.delete(old);
  }
}

/** The announced title when a visitor's message opens a conversation announced as new: that notice gains it, one per chat. */
function firstMessageOf(announced: Map<number, string>, sessionId: number | undefined): string | undefined {
  if (sessionId === undefined) return undefined;
  const title = announced.get(sessionId);
  announced.delete(sessionId);
  return title;
}

/**
 * A message on a conversation: counted in the list, added to the open pane (the bus carries all of it, so
 * the pane is not read again), announced unless on screen.
 */
function onMessage(message: ChatMessage, a: DeskBusActions): void {
  const { store } = a;
  const sessionId = message.channel_ids[0];
  const known = store.get(conversationsAtom).find((c) => c.id === sessionId);
  const selectedId = store.get(selectedIdAtom);
  if (!known) a.reloadList();
  store.set(deskEventAtom, { type: 'message', message });
  if (!isFromVisitor(message)) return;
  const context = { sessionId, openId: selectedId, pageVisible: document.visibilityState === 'visible', pageFocused: document.hasFocus() };
  const announcedTitle = firstMessageOf(a.announced, sessionId);
  if (!shouldNotifyMessage(context)) return;
  if (announcedTitle !== undefined) {
    a.showNotice({ title: announcedTitle, body: bodyText(message.body), tag: conversationTag(sessionId), followUp: true });
    return;
  }
  a.showNotice({ title: a.t('operator.notice.newMessage', { name: known?.visitor_name ?? a.t('widget.defaultUsername') }), body: bodyText(message.body) });
}

/** The tag of a conversation's "new conversation" notice, which its first message completes. */
function conversationTag(sessionId: number | undefined): string {
  return `conversation-${String(sessionId)}`;
}

/** The visitor's label the server announced; an older server's payload has only the name. */
function announcedName(session: NewSessionPayload['session']): string {
  return typeof session.visitor_label === 'string' ? session.visitor_label : session.anonymous_name;
}

/** A new conversation: one notice, which the visitor's first message will complete. */
function announceSession(session: NewSessionPayload['session'], a: DeskBusActions): void {
  const title = a.t(session.origin === 'offline' ? 'operator.notice.newOfflineMessage' : 'operator.notice.newConversation', { name: announcedName(session) });
  rememberAnnounced(a.announced, session.id, title);
  a.reloadList();
  a.showNotice({ title, body: '', tag: conversationTag(session.id) });
}

/** Applies one decoded bus notification to the desk. */
export function handleDeskBusEvent(event: ConsoleBusEvent, a: DeskBusActions): void {
  const dispatch = (e: DeskEvent): void => a.store.set(deskEventAtom, e);
  switch (event.kind) {
    case 'new_session':
      announceSession(event.session, a);
      break;
    case 'message':
      onMessage(event.message, a);
      break;
    case 'typing':
      a.store.set(visitorTypingAtom, event.sessionId, event.isTyping);
      break;
    case 'closed':
      dispatch({ type: 'closed', sessionId: event.sessionId, at: Date.now() });
      break;
    case 'history':
      dispatch({ type: 'history', sessionId: event.sessionId, pages: event.pages });
      break;
    case 'rated':
      dispatch({ type: 'rated', sessionId: event.sessionId, rating: event.rating });
      break;
    case 'status':
      dispatch({ type: 'status', sessionId: event.sessionId, status: event.status, snoozedUntil: event.snoozedUntil });
      break;
    case 'visitor_updated':
      // The list shows the visitor's name; the open pane its card.
      a.reloadList();
      if (a.store.get(openConversationAtom)?.id === event.sessionId) {
        a.reloadOpen(event.sessionId);
        a.store.set(visitorCardVersionAtom, (v) => v + 1);
      }
      break;
    case 'info':
    case 'session_info':
    case 'ignored':
      break;
  }
}
