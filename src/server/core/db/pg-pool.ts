import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { isConnectionLost } from './connection-errors.js';

interface Checkout {
  client: PostgresPoolClient;
  lost: Error | undefined;
}

/**
 * The pool as Kysely uses it, with one change: a client whose query failed because its connection was
 * lost is released with that error, so the pool closes it instead of lending it again. pg marks a
 * client unusable only once its socket has closed, which may come after the query's error (the
 * database's FATAL message arrives first): a retry would otherwise be given the dead connection.
 */
export function discardingLostClients(pool: pg.Pool): PostgresPool {
  const checkouts = new WeakMap<pg.PoolClient, Checkout>();
  const wrap = (raw: pg.PoolClient): Checkout => {
    const checkout: Checkout = { client: undefined as unknown as PostgresPoolClient, lost: undefined };
    const query = (text: unknown, parameters?: unknown[]): unknown => {
      const result = raw.query(text as string, parameters) as unknown;
      if (!(result instanceof Promise)) return result;
      return result.catch((err: unknown) => {
        if (isConnectionLost(err)) checkout.lost = err instanceof Error ? err : new Error(String(err));
        throw err;
      });
    };
    // pg-pool gives the client a new `release` at every checkout: look it up when called.
    checkout.client = { query: query as PostgresPoolClient['query'], release: () => raw.release(checkout.lost) };
    return checkout;
  };
  return {
    async connect() {
      const raw = await pool.connect();
      let checkout = checkouts.get(raw);
      if (!checkout) {
        checkout = wrap(raw);
        checkouts.set(raw, checkout);
      }
      checkout.lost = undefined;
      return checkout.client;
    },
    end: () => pool.end(),
  };
}
