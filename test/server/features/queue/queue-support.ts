/** What the queue's tests share: a channel whose operators are at capacity, visitors arriving, what the bus carried. */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';
import type { QueuePlace } from '../../../../src/protocol/queue.js';
import type { Harness } from '../../support/harness.js';

/** Limits high enough that a test's arrivals are never refused for their rate. */
export const QUEUE_ENV = { RATE_LIMIT_GET_SESSION: '1000', RATE_LIMIT_CHAT_POST: '1000' };

/** get_session's answer for a queued or served visitor. */
export interface Opened {
  id: number;
  uuid: string;
  operator_pid: [number, string];
  queue?: QueuePlace;
}

/** A channel with one logged-in operator holding `capacity` conversations at most. */
export async function queuedChannel(h: Harness, capacity: number, queueLimit?: number) {
  const ctx = await h.channelWithOperator();
  await h.app.database.db
    .updateTable('livechat_channel')
    .set({ capacity, ...(queueLimit !== undefined ? { queue_limit: queueLimit } : {}) })
    .where('id', '=', ctx.channel.id)
    .execute();
  return ctx;
}

/** A visitor opens the chat through `app` (the harness's own by default). */
export async function arrive(h: Harness, channelId: number, app: FastifyInstance = h.app): Promise<Opened | false> {
  const res = await app.inject({
    method: 'POST',
    url: GET_SESSION_ROUTE,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { channel_id: channelId, anonymous_name: 'Visitor', previous_operator_id: null } }),
  });
  const body = res.json() as { result?: Opened | false; error?: unknown };
  assert.equal(body.error, undefined, JSON.stringify(body.error));
  return body.result as Opened | false;
}

/** Like {@link arrive}, for a visitor who must get an answer. */
export async function opened(h: Harness, channelId: number, app?: FastifyInstance): Promise<Opened> {
  const answer = await arrive(h, channelId, app);
  assert.ok(answer, 'the visitor gets a conversation');
  return answer;
}

/** The payloads the visitor's own channel carried, oldest first. */
export async function visitorPayloads(h: Harness, uuid: string): Promise<Record<string, unknown>[]> {
  return (await h.app.busStore.listNotifications({ channels: [BusChannel.visitor(uuid)] })).map((n) => JSON.parse(n.message) as Record<string, unknown>);
}

/** The last place the visitor's channel told, or undefined. */
export async function lastPlace(h: Harness, uuid: string): Promise<Record<string, unknown> | undefined> {
  return (await visitorPayloads(h, uuid)).filter((p) => p.info === 'queue_position').at(-1);
}

/** Who holds the conversation now (null while it waits). */
export async function holder(h: Harness, sessionId: number): Promise<number | null | undefined> {
  return (await h.app.store.getVisitorSession(sessionId))?.operator_id;
}
