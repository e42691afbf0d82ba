import type { FastifyInstance } from 'fastify';

/**
 * How many open conversations `operatorId` takes at most in `channelId`, or null for no limit: the
 * channel's capacity setting with the operator's own override (routing's). The one place transfers ask.
 */
export function operatorCapacity(app: FastifyInstance, channelId: number, operatorId: number): Promise<number | null> {
  return app.store.operatorCapacity(channelId, operatorId);
}

/** Whether an operator serving `load` open conversations is at its `capacity` (null: never). */
export function atCapacity(load: number, capacity: number | null): boolean {
  return capacity !== null && load >= capacity;
}
