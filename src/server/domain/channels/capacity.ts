import type { FastifyInstance } from 'fastify';

/**
 * How many open conversations `operatorId` takes at most in `channelId`, or null for no limit. The one
 * place transfers (and anything else that must respect a limit) ask: it answers null until the channels'
 * capacity setting (per channel, with a per-operator override) exists, and then reads that setting here.
 */
export async function operatorCapacity(_app: FastifyInstance, _channelId: number, _operatorId: number): Promise<number | null> {
  return null;
}

/** Whether an operator serving `load` open conversations is at its `capacity` (null: never). */
export function atCapacity(load: number, capacity: number | null): boolean {
  return capacity !== null && load >= capacity;
}
