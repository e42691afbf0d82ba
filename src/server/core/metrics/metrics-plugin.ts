import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteShorthandOptions } from 'fastify';
import { AppMetrics } from './app-metrics.js';
import { RequestLineLogController } from '../logging.js';
import { Media } from '../schemas/http.js';
import { addressKey } from '../limits/address.js';
import { CHAT_POST_ROUTE } from '../../../protocol/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics; routes and the bus count into them whether or not they are exposed. */
    metrics: AppMetrics;
    /** The separate server of METRICS_PORT, once listening; undefined otherwise. */
    metricsServer: FastifyInstance | undefined;
  }
}

/** Options of {@link metricsPlugin}: with neither a token nor a port, `/metrics` does not exist. */
export interface MetricsOptions {
  token?: string | undefined;
  port?: number | undefined;
  host?: string;
}

/** Attempts at the metrics token one address may make in {@link TOKEN_WINDOW_MS} (README "Operating"). */
const TOKEN_ATTEMPTS_PER_WINDOW = 10;
const TOKEN_WINDOW_MS = 60_000;

// Hashing first makes the comparison constant-time in the length too, which timingSafeEqual alone is not.
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Whether the request carries `Authorization: Bearer <token>` for this token (METRICS_TOKEN). */
export function hasBearer(request: FastifyRequest, token: string): boolean {
  const given = bearerToken(request.headers.authorization);
  return given !== undefined && sameSecret(given, token);
}

export type BearerVerdict = { kind: 'right' } | { kind: 'wrong' } | { kind: 'limited'; retryAfterSeconds: number };

/**
 * Checks the METRICS_TOKEN bearer under one per-address attempt limit, whichever route asks (`/metrics`,
 * `/readyz`'s detail), so no route is an unlimited oracle for guesses. Every attempt counts before the
 * token is compared, so parallel guesses are bounded too; a right token clears its address's count.
 */
export async function checkBearer(app: FastifyInstance, request: FastifyRequest, token: string): Promise<BearerVerdict> {
  const key = `metrics:token:${addressKey(request.ip)}`;
  const attempt = await app.limits.counters.hit(key, TOKEN_WINDOW_MS, app.clock.now());
  if (attempt.count > TOKEN_ATTEMPTS_PER_WINDOW) {
    return { kind: 'limited', retryAfterSeconds: Math.max(Math.ceil((attempt.resetAt - app.clock.now()) / 1000), 1) };
  }
  if (!hasBearer(request, token)) {
    request.log.warn({ remoteAddress: request.ip }, 'metrics: a wrong or missing bearer token');
    return { kind: 'wrong' };
  }
  if (attempt.count > 1) await app.limits.counters.reset(key);
  return { kind: 'right' };
}

const routeOptions: RouteShorthandOptions = {
  schema: {
    summary: 'Prometheus metrics (with METRICS_TOKEN as a bearer token)',
    response: {
      200: Media('The Prometheus text format', ['text/plain']),
      401: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
      429: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
    },
  },
  // A scraper every few seconds is no abuse and must not be locked out when it matters most, nor fill the log.
  config: { rateLimit: false, requestLogLevel: 'debug' },
};

/**
 * Prometheus metrics (issue 13 "Operating it"). Off unless configured, because they tell outsiders how
 * busy the server is: METRICS_TOKEN serves them on the main port behind a bearer token, METRICS_PORT on
 * a port of their own (loopback by default, for a scraper beside the server).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsOptions) => {
    const metrics = new AppMetrics();
    app.decorate('metrics', metrics);
    app.decorate('metricsServer', undefined);
    // Read at scrape time: the bus and the store are registered after this plugin.
    metrics.setSources({
      heldPolls: () => (app.hasDecorator('busWakeups') ? app.busWakeups.size : 0),
      pool: () => {
        const pool = app.hasDecorator('databasePool') ? app.databasePool : undefined;
        return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
      },
    });
    app.addHook('onResponse', async (request, reply) => {
      if (request.routeOptions.url === CHAT_POST_ROUTE) metrics.chatPostSeconds.observe(reply.elapsedTime / 1000);
    });

    if (opts.token === undefined && opts.port === undefined) return;
    metrics.collectDefaults();
    const token = opts.token;
    const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<string | { error: string }> => {
      if (token !== undefined) {
        const verdict = await checkBearer(app, request, token);
        if (verdict.kind === 'limited') {
          void reply.code(429).header('Retry-After', String(verdict.retryAfterSeconds));
          return { error: 'Too many attempts, please slow down.' };
        }
        if (verdict.kind === 'wrong') {
          void reply.code(401).header('WWW-Authenticate', 'Bearer');
          return { error: 'A valid bearer token is required' };
        }
      }
      void reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    };

    if (opts.port === undefined) {
      app.get('/metrics', routeOptions, handler);
      return;
    }
    const server = Fastify({ loggerInstance: app.log, logController: new RequestLineLogController() });
    server.get('/metrics', routeOptions, handler);
    const port = opts.port;
    // Listening with the app, not at registration, so a port clash fails the start like the main port would.
    app.addHook('onReady', async () => {
      await server.listen({ port, host: opts.host ?? '127.0.0.1' });
      app.metricsServer = server;
    });
    app.addHook('onClose', async () => {
      await server.close();
    });
  },
  { name: 'metrics' },
);
