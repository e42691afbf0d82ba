/** The run's HTTP client side: one JSON-RPC call with a deadline, and the conversations it opens. */
import { BUS_ADMIN_PASSWORD, rpcCall } from '../support/bus-processes.mjs';

export type CallAnswer<T> = { ok: true; result: T } | { ok: false; error: string };

/** One call that never throws: its result, or what went wrong in a few words (`timeout`, `503 …`, `ECONNRESET`). */
export async function call<T>(base: string, route: string, params: unknown, options: { cookie?: string; timeoutMs: number; signal?: AbortSignal }): Promise<CallAnswer<T>> {
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  try {
    const answer = await rpcCall<T>(base, route, params, { cookie: options.cookie, signal: AbortSignal.any(signals) });
    if (answer.error) return { ok: false, error: `${answer.error.code} ${answer.error.data?.message ?? answer.error.message}` };
    return { ok: true, result: answer.result };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') return { ok: false, error: 'timeout' };
    if (e.name === 'AbortError') return { ok: false, error: 'aborted' };
    return { ok: false, error: e.cause?.code ?? e.cause?.message ?? e.message };
  }
}

/** A visitor's conversation. */
export interface Conversation {
  sessionId: number;
  uuid: string;
}

/** The operator's log-in: its cookie and the channel its polls read every conversation of on. */
export interface OperatorLogin {
  cookie: string;
  channel: string;
}

/** Logs the seeded admin in (so an operator is online) and opens `count` conversations on channel 1. */
export async function openConversations(base: string, count: number): Promise<{ operator: OperatorLogin; conversations: Conversation[] }> {
  const login = await rpcCall<{ partner_id: number }>(base, '/web/session/authenticate', { db: 'livechat', login: 'admin', password: BUS_ADMIN_PASSWORD });
  if (login.error || !login.result) throw new Error(`operator log-in failed: ${JSON.stringify(login.error)}`);
  const operator = { cookie: login.cookie, channel: `livechat.operator.${login.result.partner_id}` };
  const conversations: Conversation[] = [];
  for (let i = 0; i < count; i++) {
    const session = await rpcCall<{ id: number; uuid: string } | false>(base, '/im_livechat/get_session', {
      channel_id: 1,
      anonymous_name: `Visitor ${i + 1}`,
      previous_operator_id: null,
    });
    if (!session.result) throw new Error(`no conversation: ${JSON.stringify(session)}`);
    conversations.push({ sessionId: session.result.id, uuid: session.result.uuid });
  }
  return { operator, conversations };
}
