/** What the payloads of the session's bus channel do (PROTOCOL.md §5), and the bus across page moves. */
import { atom } from 'jotai/vanilla';
import { decodeBusPayload } from '../protocol/bus-payload.js';
import { FIELD_LIMITS, type LivechatSession } from '../protocol/livechat.js';
import { disconnectAtom, subscribeAtom, subscriptionAtom } from './connection.js';
import { depsOf } from './context.js';
import { serverEndedAtom } from './conversation-end.js';
import { isOpenAtom, queuePlaceAtom, saveSessionAtom, sessionAtom } from './session.js';
import { createLivechatCookies } from '../platform/cookies/livechat-cookies.js';
import { markSeen } from './messages.js';
import { messagesAtom, receiveMessageAtom } from './thread.js';
import { messageFromAtom, typingNoticeAtom } from './typing-state.js';
import { HISTORY_ROUTE } from '../protocol/routes.js';

/** Listens to `session`'s channel. */
export const connectAtom = atom(null, (get, set, session: LivechatSession) => {
  const onPayload = (raw: unknown): void => {
    const current = get(sessionAtom);
    if (!current) return;
    const payload = decodeBusPayload(raw);
    const { cookies, rpc } = depsOf(get);
    switch (payload.kind) {
      case 'history_command': {
        const pages = createLivechatCookies(cookies).readPageHistory().map((p) => p.slice(0, FIELD_LIMITS.pageHistoryEntry));
        rpc(HISTORY_ROUTE, { pid: current.operator_pid[0], channel_uuid: current.uuid, page_history: pages }).catch(() => undefined);
        return;
      }
      case 'typing_status':
        // The visitor's own typing echoes back on its uuid (PROTOCOL.md §5.4); it is never shown back.
        if (!payload.fromVisitor && payload.partnerId !== undefined) set(typingNoticeAtom, payload.partnerId, payload.isTyping);
        return;
      case 'message': {
        const author = payload.message.author_id;
        if (author && author[0]) set(messageFromAtom, author[0]);
        return set(receiveMessageAtom, payload.message);
      }
      case 'channel_seen':
        return set(messagesAtom, markSeen(get(messagesAtom), payload.lastMessageId));
      case 'operator_changed':
        // Another operator took the conversation over: the header's name and picture follow it, and the
        // visitor's next chat asks for this one (the previous-operator cookie).
        createLivechatCookies(cookies).writePreviousOperator(payload.operator[0]);
        return set(saveSessionAtom, { operator_pid: payload.operator });
      case 'queue_position':
        return set(queuePlaceAtom, payload.place);
      case 'queue_left': {
        // An operator picked the conversation up: the header names them, the next visit prefers them.
        const served = { ...current, operator_pid: payload.operatorPid };
        set(queuePlaceAtom, undefined);
        set(sessionAtom, served);
        const stored = createLivechatCookies(cookies);
        stored.writeSession(served);
        stored.writePreviousOperator(payload.operatorPid[0]);
        return;
      }
      case 'session_closed':
        // The operator ended the conversation: the visitor may still rate it, as when closing themselves.
        return set(serverEndedAtom);
      default:
        return;
    }
  };
  set(subscribeAtom, session, onPayload);
});

/** The element left the page: the bus stops, the conversation stays in the store. */
export const suspendAtom = atom(null, (_get, set) => set(disconnectAtom));

/** The element is back: the bus resumes for the open session. */
export const resumeAtom = atom(null, (get, set) => {
  const session = get(sessionAtom);
  if (session && !get(subscriptionAtom) && get(isOpenAtom)) set(connectAtom, session);
});
