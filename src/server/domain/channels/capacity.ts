import type { FastifyInstance } from 'fastify';

/**
 * How many active conversations the operator may hold in the channel (their own override, else the
 * channel's capacity), or null when no capacity applies. The one reading of the setting that screens use.
 */
export function operatorCapacity(app: FastifyInstance, channelId: number, operatorId: number): Promise<number | null> {
  return app.store.operatorCapacity(channelId, operatorId);
}

/** Whether an operator serving `load` open conversations is at its `capacity` (null: never). */
export function atCapacity(load: number, capacity: number | null): boolean {
  return capacity !== null && load >= capacity;
}
