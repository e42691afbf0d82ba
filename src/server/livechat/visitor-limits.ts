import type { FastifyInstance } from 'fastify';

const MINUTE = 60_000;

/**
 * Calls a visitor session may make per minute on top of the per-address limits (README "Security"):
 * a visitor behind a shared address keeps its own allowance, and one session cannot use up everyone's.
 */
export const PER_SESSION_PER_MINUTE = {
  chatPost: 60,
  typing: 120,
  feedback: 10,
  pageHistory: 20,
} as const;

/** At most one typing notice per session in this window; the newest state goes out at its end. */
export const TYPING_NOTICE_EVERY_MS = 2_000;
/** At most one page-history notice per session in this window; the newest history replaces older ones. */
export const PAGE_HISTORY_NOTICE_EVERY_MS = 10_000;

/** Counts one call of `route` by session `sessionId`, refusing with 429 past its allowance. */
export function takeSessionQuota(app: FastifyInstance, route: keyof typeof PER_SESSION_PER_MINUTE, sessionId: number): Promise<void> {
  return app.limits.take(`session:${route}:${sessionId}`, PER_SESSION_PER_MINUTE[route], MINUTE);
}

/** A coalescing gate: open for the first call of each `windowMs` per session. */
export function windowGate(app: FastifyInstance, name: string, windowMs: number) {
  return async (sessionId: number): Promise<{ allowed: true } | { allowed: false; retryInMs: number }> => {
    const now = app.clock.now();
    const state = await app.limits.counters.hit(`notice:${name}:${sessionId}`, windowMs, now);
    return state.count === 1 ? { allowed: true } : { allowed: false, retryInMs: state.resetAt - now };
  };
}
