import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** The server's time source; tests pass a fake one so presence and expiry are checked without waiting. */
export interface Clock {
  now(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

/** Decorates `app.clock`. */
export const clockPlugin = fp(
  async (app: FastifyInstance, opts: { clock?: Clock }) => {
    app.decorate('clock', opts.clock ?? { now: () => Date.now() });
  },
  { name: 'clock' },
);
