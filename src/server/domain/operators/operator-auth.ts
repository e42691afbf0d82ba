import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OperatorRow } from '../../core/db/tables.js';
import { SessionExpiredError } from '../../core/rpc/errors.js';
import { ONLINE_WINDOW_MS } from '../channels/availability.js';

/** Name of the operator's HttpOnly session cookie. */
export const SESSION_COOKIE = 'session_id';
/** Lifetime of an operator login. */
export const SESSION_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/**
 * An operator's `last_seen` is written at most this often per process. Presence is judged over a 60 s
 * window, so a finer clock buys nothing, while a write per request (an operator answering fast, a console
 * with several tabs) multiplies SQLite's write-ahead-log checkpoints, which stall every request.
 */
export const TOUCH_INTERVAL_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The logged-in operator of this request, or null; refreshes their presence. */
    currentOperator(request: FastifyRequest): Promise<OperatorRow | null>;
    /** Like currentOperator but raises the code-100 "Session expired" error when nobody is logged in. */
    requireOperator(request: FastifyRequest): Promise<OperatorRow>;
    /** Starts a session for the operator and sets the cookie. */
    startOperatorSession(request: FastifyRequest, reply: FastifyReply, operator: OperatorRow): Promise<void>;
    /** Ends the request's session (if any) and clears the cookie. */
    endOperatorSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** Reads one cookie from a Cookie header without a dependency; values are never decoded into code. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Options of {@link operatorAuthPlugin}. */
export interface OperatorAuthOptions {
  publicUrl: string | undefined;
}

/**
 * Operator sessions: a random token in an HttpOnly, SameSite=Lax cookie (Secure behind HTTPS), stored
 * hashed. A cookie arriving with a foreign Origin header is ignored, so another site can never act as
 * an operator even where a browser would send the cookie.
 */
export const operatorAuthPlugin = fp(
  async (app: FastifyInstance, opts: OperatorAuthOptions) => {
    const cache = new WeakMap<FastifyRequest, Promise<OperatorRow | null>>();
    const touchedAt = new Map<number, number>();
    const touch = async (id: number, now: number): Promise<void> => {
      const last = touchedAt.get(id);
      if (last !== undefined && now - last < TOUCH_INTERVAL_MS && now >= last) return;
      touchedAt.set(id, now);
      await app.store.touchOperator(id, now);
    };
    const ownOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;
    const sameOrigin = (request: FastifyRequest): boolean => {
      const origin = request.headers.origin;
      if (origin === undefined) return true;
      if (opts.publicUrl !== undefined && origin === new URL(opts.publicUrl).origin) return true;
      return origin === ownOrigin(request);
    };
    const secure = (request: FastifyRequest): boolean => request.protocol === 'https' || (opts.publicUrl?.startsWith('https:') ?? false);

    async function resolve(request: FastifyRequest): Promise<OperatorRow | null> {
      const token = readCookie(request.headers.cookie, SESSION_COOKIE);
      if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token) || !sameOrigin(request)) return null;
      const now = app.clock.now();
      const operator = await app.store.findWebSession(hashToken(token), now);
      if (!operator) return null;
      await touch(operator.id, now);
      // An operator back after a gap becomes reachable at once for visitors asking init here.
      if (operator.last_seen === null || now - operator.last_seen >= ONLINE_WINDOW_MS) app.availability.forget();
      return { ...operator, last_seen: now };
    }

    app.decorate('currentOperator', function currentOperator(request: FastifyRequest) {
      let pending = cache.get(request);
      if (!pending) {
        pending = resolve(request);
        cache.set(request, pending);
      }
      return pending;
    });

    app.decorate('requireOperator', async function requireOperator(request: FastifyRequest) {
      const operator = await app.currentOperator(request);
      if (!operator) throw new SessionExpiredError();
      return operator;
    });

    app.decorate('startOperatorSession', async function startOperatorSession(request: FastifyRequest, reply: FastifyReply, operator: OperatorRow) {
      const token = randomBytes(32).toString('base64url');
      const now = app.clock.now();
      await app.store.createWebSession(operator.id, hashToken(token), now, now + SESSION_LIFETIME_MS);
      // A log-in always counts as seen, however recent the last write.
      touchedAt.delete(operator.id);
      await touch(operator.id, now);
      // The visitors' init must see the operator at once, not after the cache window.
      app.availability.forget();
      const flags = [`Path=/`, `Max-Age=${SESSION_LIFETIME_MS / 1000}`, 'HttpOnly', 'SameSite=Lax'];
      if (secure(request)) flags.push('Secure');
      void reply.header('Set-Cookie', `${SESSION_COOKIE}=${token}; ${flags.join('; ')}`);
      cache.set(request, Promise.resolve({ ...operator, last_seen: now }));
    });

    app.decorate('endOperatorSession', async function endOperatorSession(request: FastifyRequest, reply: FastifyReply) {
      const token = readCookie(request.headers.cookie, SESSION_COOKIE);
      if (token) await app.store.deleteWebSession(hashToken(token));
      app.availability.forget();
      const flags = ['Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Lax'];
      if (secure(request)) flags.push('Secure');
      void reply.header('Set-Cookie', `${SESSION_COOKIE}=; ${flags.join('; ')}`);
      cache.set(request, Promise.resolve(null));
    });
  },
  { name: 'operator-auth', dependencies: ['store', 'clock'] },
);
