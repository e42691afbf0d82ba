/** The queue's wire shapes as JSON Schemas (issue 26); the types the clients use are in ../queue.ts. */
import Type, { type Static } from 'typebox';
import { Id } from './params.js';

/** Where a waiting visitor stands, in get_session's and conversation_state's answers. */
export const QueuePlaceSchema = Type.Object({
  position: Type.Integer({ minimum: 1, description: '1 is next' }),
  expected_wait_ms: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'From the channel’s recent pick-ups; null without any' }),
});

/** One waiting conversation in the console's list. */
export const QueueEntrySchema = Type.Object({
  session_id: Type.Integer(),
  channel_id: Type.Integer(),
  name: Type.String(),
  position: Type.Integer({ minimum: 1 }),
  queued_at: Type.Integer({ description: 'Epoch milliseconds' }),
});

/** `queue_take`: a chosen conversation, or the head of a channel's queue. */
export const QueueTakeParams = Type.Object({
  session_id: Type.Optional(Id({ description: 'The waiting conversation to take' })),
  channel_id: Type.Optional(Id({ description: 'Take the head of this channel’s queue' })),
});
export type QueueTakeParams = Static<typeof QueueTakeParams>;
