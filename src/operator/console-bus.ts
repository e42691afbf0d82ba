import { BusChannel, payloadKind, type BusNotification, type ChatMessage, type TypingStatusPayload } from '../protocol/livechat.js';
import type { ConversationRating, NewSessionPayload, SessionRatedPayload, TransientHistoryPayload } from '../protocol/operator-console.js';
import { CrossTabBus } from '../platform/bus/cross-tab-bus.js';
import { createBusStore } from '../platform/bus/bus-store.js';
import { isAbortLike, type PollLoopState } from '../platform/bus/poll-loop.js';
import type { RpcClient } from '../platform/rpc/index.js';
import { LIMITS, RATES, type Rate } from '../protocol/livechat.js';

/** A bus notification as the desk understands it; anything else is `ignored`. */
export type ConsoleBusEvent =
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'new_session'; session: NewSessionPayload['session'] }
  | { kind: 'typing'; sessionId: number; isTyping: boolean }
  | { kind: 'closed'; sessionId: number }
  | { kind: 'history'; sessionId: number; pages: string[] }
  | { kind: 'rated'; sessionId: number; rating: ConversationRating }
  | { kind: 'ignored' };

const SESSION_CHANNEL = /^livechat\.session\.(\d+)$/;

/**
 * Decodes one notification for the operator `partnerId`. Messages are taken from the operator's own
 * channel only: the server also copies them to the session channel, and reading both would show them
 * twice; ratings likewise. Typing and closing come on the session channel; the operator's own typing
 * echo is dropped.
 */
export function decodeConsoleNotification(n: BusNotification, partnerId: number): ConsoleBusEvent {
  const payload = n.message as Record<string, unknown>;
  if (typeof payload !== 'object' || payload === null) return { kind: 'ignored' };
  if (n.channel === BusChannel.operator(partnerId)) {
    if (payload.info === 'new_session' && typeof payload.session === 'object' && payload.session !== null) {
      return { kind: 'new_session', session: (payload as unknown as NewSessionPayload).session };
    }
    if (payload.info === 'transient_message') {
      const p = payload as unknown as TransientHistoryPayload;
      const sessionId = Array.isArray(p.channel_ids) ? p.channel_ids[0] : undefined;
      if (typeof sessionId !== 'number' || !Array.isArray(p.pages)) return { kind: 'ignored' };
      return { kind: 'history', sessionId, pages: p.pages.filter((x): x is string => typeof x === 'string') };
    }
    if (payload.info === 'session_rated') {
      const p = payload as unknown as SessionRatedPayload;
      if (typeof p.session_id !== 'number' || !RATES.includes(p.rate) || typeof p.reason !== 'string') return { kind: 'ignored' };
      return { kind: 'rated', sessionId: p.session_id, rating: { rate: p.rate as Rate, reason: p.reason } };
    }
    if (payloadKind(payload) === 'message' && Array.isArray(payload.channel_ids)) return { kind: 'message', message: payload as unknown as ChatMessage };
    return { kind: 'ignored' };
  }
  const match = SESSION_CHANNEL.exec(n.channel);
  if (!match) return { kind: 'ignored' };
  const sessionId = Number(match[1]);
  const kind = payloadKind(payload);
  if (kind === 'typing_status') {
    const typing = payload as unknown as TypingStatusPayload;
    if (!typing.is_website_user) return { kind: 'ignored' };
    return { kind: 'typing', sessionId, isTyping: typing.is_typing === true };
  }
  if (kind === 'session_closed') return { kind: 'closed', sessionId };
  return { kind: 'ignored' };
}

/**
 * The console's bus: the cross-tab bus of the platform over `/longpolling/poll` with the session
 * cookie, so several console tabs share one poll, and the master tab's poll keeps the operator online.
 */
export function createConsoleBus(rpc: RpcClient, onPollState?: (state: PollLoopState) => void): CrossTabBus {
  return new CrossTabBus({
    poll: (params, signal) => rpc.call<BusNotification[]>('/longpolling/poll', params, { signal, timeout: LIMITS.pollTimeoutMs, silent: true }),
    storage: createBusStore(window.location.origin),
    lifecycle: window,
    isAbortError: isAbortLike,
    onPollState,
  });
}
