/**
 * Password guessing on one account, whatever addresses it comes from, without letting anyone lock the
 * account's owner out: once an account has seen {@link LOGIN_FREE_FAILURES} failures, an address that has
 * itself failed on it must wait before its next try (1 s, doubling with each of its failures, at most
 * {@link LOGIN_WAIT_MAX_MS}); an address that has not failed is served at once. Counts live in the shared
 * counters, so every process applies the same waits.
 */
import type { Limits } from './limits-plugin.js';
import { TooManyRequestsError } from '../rpc/errors.js';

/** Failures on one account (from any address) before failing addresses have to wait. */
export const LOGIN_FREE_FAILURES = 5;
/** How long failures are remembered, per account and per address on it. */
export const LOGIN_FAILURE_MEMORY_MS = 15 * 60_000;
/** The first wait of a failing address; each further failure of it doubles it. */
export const LOGIN_WAIT_FIRST_MS = 1_000;
export const LOGIN_WAIT_MAX_MS = 30_000;

function keysOf(login: string, address: string) {
  const account = login.trim().toLowerCase();
  return { account: `login:fail:${account}`, pair: `login:fail:${account}:${address}`, wait: `login:wait:${account}:${address}` };
}

/** The wait after an address's `failures`-th failure on one account. */
export function loginWaitMs(failures: number): number {
  return Math.min(LOGIN_WAIT_FIRST_MS * 2 ** Math.min(failures - 1, 30), LOGIN_WAIT_MAX_MS);
}

/** Refuses (429 with Retry-After) an address still waiting after its failures on a guessed-at account. */
export async function checkLoginWait(limits: Limits, login: string, address: string, now: number): Promise<void> {
  const keys = keysOf(login, address);
  const [account, wait] = await Promise.all([limits.counters.peek(keys.account, now), limits.counters.peek(keys.wait, now)]);
  if (account && account.count >= LOGIN_FREE_FAILURES && wait) throw new TooManyRequestsError(Math.max(Math.ceil((wait.resetAt - now) / 1000), 1));
}

/** Counts a failure: the account's, the address's on it, and the address's next wait. */
export async function recordLoginFailure(limits: Limits, login: string, address: string, now: number): Promise<void> {
  const keys = keysOf(login, address);
  await limits.counters.hit(keys.account, LOGIN_FAILURE_MEMORY_MS, now);
  const pair = await limits.counters.hit(keys.pair, LOGIN_FAILURE_MEMORY_MS, now);
  await limits.counters.reset(keys.wait);
  await limits.counters.hit(keys.wait, loginWaitMs(pair.count), now);
}

/**
 * A success clears what the address itself failed, not the account's count: the owner signing in must
 * not hand a guesser's addresses back their free tries.
 */
export async function recordLoginSuccess(limits: Limits, login: string, address: string): Promise<void> {
  const keys = keysOf(login, address);
  await Promise.all([limits.counters.reset(keys.pair), limits.counters.reset(keys.wait)]);
}
