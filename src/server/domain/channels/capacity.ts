import type { FastifyInstance } from 'fastify';

/**
 * How many open conversations of the channel the operator should hold at most, or null when no capacity
 * applies. The supervision screen shows "load / capacity" through this one function, so the per-channel
 * capacity setting (with its per-operator override) plugs in here without the screen changing.
 */
export async function operatorCapacity(_app: FastifyInstance, _channelId: number, _operatorId: number): Promise<number | null> {
  return null;
}
