import { BusChannel, type BusNotification, type ChatMessage } from '../../protocol/livechat.js';
import { decodeBusPayload } from '../../protocol/bus-payload.js';
import type { ConversationRating, NewSessionPayload } from '../../protocol/operator-console.js';
import type { ConversationStatus } from '../../protocol/conversation-status.js';
import { CrossTabBus } from '../../platform/bus/cross-tab-bus.js';
import { createBusStore } from '../../platform/bus/bus-store.js';
import { isAbortLike, type PollLoopState } from '../../platform/bus/poll-loop.js';
import type { RpcClient } from '../../platform/rpc/index.js';
import { LIMITS } from '../../protocol/livechat.js';
import { POLL_ROUTE } from '../../protocol/routes.js';

/** A bus notification as the desk understands it; anything else is `ignored`. */
export type ConsoleBusEvent =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'new_session'; session: NewSessionPayload['session'] }
  | { kind: 'typing'; sessionId: number; isTyping: boolean }
  | { kind: 'closed'; sessionId: number }
  | { kind: 'history'; sessionId: number; pages: string[] }
  | { kind: 'rated'; sessionId: number; rating: ConversationRating }
  | { kind: 'visitor_updated'; sessionId: number }
  /** Any other `{info, …}` notice on the operator's own channel, for the feature that knows it. */
  | { kind: 'info'; info: string; payload: Readonly<Record<string, unknown>> }
  /** Any other `{info, …}` notice on a conversation's own channel, which every console following it reads. */
  | { kind: 'session_info'; sessionId: number; info: string; payload: Readonly<Record<string, unknown>> }
  | { kind: 'status'; sessionId: number; status: ConversationStatus; snoozedUntil: number | null }
  | { kind: 'ignored' };

/**
 * Whether an event may move a conversation in or out of a view's open count. A message never does by
 * itself: the visitor's message that reopens a conversation comes with its `status`, and one of a
 * conversation the desk does not list reloads the list, which reads the counts too.
 */
export function movesViewCounts(event: ConsoleBusEvent): boolean {
  return event.kind === 'new_session' || event.kind === 'closed' || event.kind === 'status' || event.kind === 'info';
}

/** The `info`s the bus decoder reads (protocol/bus-payload.ts): a malformed one of these stays ignored. */
const DECODED_INFOS = new Set(['typing_status', 'session_closed', 'channel_seen', 'new_session', 'transient_message', 'session_rated', 'visitor_updated', 'conversation_status']);

/** A payload with an `info` the desk does not know, passed on for a feature to read. */
function featureInfo(raw: unknown): ConsoleBusEvent {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return IGNORED;
  const payload = raw as Record<string, unknown>;
  return typeof payload.info === 'string' && !DECODED_INFOS.has(payload.info) ? { kind: 'info', info: payload.info, payload } : IGNORED;
}

const SESSION_CHANNEL = /^livechat\.session\.(\d+)$/;
const IGNORED: ConsoleBusEvent = { kind: 'ignored' };

/**
 * Decodes one notification for the operator `partnerId`. Messages are taken from the operator's own
 * channel only: the server also copies them to the session channel, and reading both would show them
 * twice; ratings likewise. Typing and closing come on the session channel; the operator's own typing
 * echo is dropped. Other notices on the session channel reach features as `session_info`.
 */
export function decodeConsoleNotification(n: BusNotification, partnerId: number): ConsoleBusEvent {
  const payload = decodeBusPayload(n.message);
  if (n.channel === BusChannel.operator(partnerId)) {
    switch (payload.kind) {
      case 'new_session':
        return { kind: 'new_session', session: payload.session };
      case 'transient_message':
        return { kind: 'history', sessionId: payload.sessionId, pages: payload.pages };
      case 'session_rated':
        return { kind: 'rated', sessionId: payload.sessionId, rating: payload.rating };
      case 'conversation_status':
        return { kind: 'status', sessionId: payload.sessionId, status: payload.status, snoozedUntil: payload.snoozedUntil };
      case 'message':
        // A message outside any conversation has nowhere to go on the desk.
        return payload.message.channel_ids.length > 0 ? { kind: 'message', message: payload.message } : IGNORED;
      default:
        return featureInfo(n.message);
    }
  }
  const match = SESSION_CHANNEL.exec(n.channel);
  if (!match) return IGNORED;
  const sessionId = Number(match[1]);
  if (payload.kind === 'typing_status') return payload.fromVisitor ? { kind: 'typing', sessionId, isTyping: payload.isTyping } : IGNORED;
  if (payload.kind === 'session_closed') return { kind: 'closed', sessionId };
  if (payload.kind === 'visitor_updated' && payload.sessionId === sessionId) return { kind: 'visitor_updated', sessionId };
  const info = featureInfo(n.message);
  return info.kind === 'info' ? { kind: 'session_info', sessionId, info: info.info, payload: info.payload } : IGNORED;
}

/**
 * The console's bus: the cross-tab bus of the platform over `/longpolling/poll` with the session
 * cookie, so several console tabs share one poll, and the master tab's poll keeps the operator online.
 */
export function createConsoleBus(rpc: RpcClient, onPollState?: (state: PollLoopState) => void): CrossTabBus {
  return new CrossTabBus({
    poll: (params, signal) => rpc.call<BusNotification[]>(POLL_ROUTE, params, { signal, timeout: LIMITS.pollTimeoutMs, silent: true }),
    storage: createBusStore(window.location.origin),
    lifecycle: window,
    isAbortError: isAbortLike,
    onPollState,
  });
}
