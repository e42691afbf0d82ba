import type { FastifyInstance } from 'fastify';
import type { SessionLimits } from '../../core/config/config.js';

const MINUTE = 60_000;

/** At most one typing notice per session in this window; the newest state goes out at its end. */
export const TYPING_NOTICE_EVERY_MS = 2_000;
/** At most one page-history notice per session in this window; the newest history replaces older ones. */
export const PAGE_HISTORY_NOTICE_EVERY_MS = 10_000;

/**
 * Counts one call of `route` by session `sessionId`, refusing with 429 past its allowance a minute
 * (`config.sessionLimits`), on top of the per-address limits: a visitor behind a shared address keeps
 * its own allowance, and one session cannot use up everyone's.
 */
export function takeSessionQuota(app: FastifyInstance, route: keyof SessionLimits, sessionId: number): Promise<void> {
  return app.limits.take(`session:${route}:${sessionId}`, app.config.sessionLimits[route], MINUTE);
}

/** A coalescing gate: open for the first call of each `windowMs` per key (a session, or a session and a speaker). */
export function windowGate(app: FastifyInstance, name: string, windowMs: number) {
  return async (key: string): Promise<{ allowed: true } | { allowed: false; retryInMs: number }> => {
    const now = app.clock.now();
    const state = await app.limits.counters.hit(`notice:${name}:${key}`, windowMs, now);
    return state.count === 1 ? { allowed: true } : { allowed: false, retryInMs: state.resetAt - now };
  };
}
