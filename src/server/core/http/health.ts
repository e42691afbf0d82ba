import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pingDatabase } from '../db/database.js';
import { checkBearer } from '../metrics/metrics-plugin.js';

/** Options of {@link healthPlugin}. */
export interface HealthOptions {
  /** A database that does not answer within this is reported unready rather than holding the probe. */
  queryTimeoutMs?: number;
  /** Callers with this bearer token (METRICS_TOKEN) also get the `detail` of `/readyz`; nobody without one. */
  detailToken?: string | undefined;
}

const statusSchema = {
  type: 'object',
  properties: { status: { type: 'string' }, reason: { type: 'string' } },
  required: ['status'],
  additionalProperties: false,
} as const;

const readySchema = {
  ...statusSchema,
  properties: {
    ...statusSchema.properties,
    detail: {
      type: 'object',
      properties: {
        uploads: { type: 'string', enum: ['accepted', 'refused'] },
        data_volume_free_bytes: { type: ['number', 'null'] },
        data_volume_free_ratio: { type: ['number', 'null'] },
      },
      required: ['uploads', 'data_volume_free_bytes', 'data_volume_free_ratio'],
      additionalProperties: false,
    },
  },
} as const;

// Probes come from orchestrators every few seconds, often through one address: never rate limited,
// and their request lines only at debug.
const probeConfig = { rateLimit: false, requestLogLevel: 'debug' as const };

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz` (the process answers: restart it otherwise) and `/readyz` (it can serve: the database
 * answers and, on PostgreSQL, the bus LISTEN connection is up, without which held polls of this process
 * miss other processes' messages until their hold ends). Separate, because an unready instance should
 * be taken out of rotation, not killed. With the metrics token, `/readyz` adds whether uploads are
 * accepted and the data volume's free space.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance, opts: HealthOptions) => {
    const queryTimeoutMs = opts.queryTimeoutMs ?? 2_000;

    const notReadyReason = async (): Promise<string | undefined> => {
      try {
        await withTimeout(pingDatabase(app.database), queryTimeoutMs, 'the database');
      } catch (err) {
        // The error text names hosts, users and files: the log has it, the public answer does not.
        app.log.warn({ err }, 'readiness: the database did not answer');
        return 'database: unavailable';
      }
      const listener = app.busListener;
      if (listener !== undefined && listener.state !== 'listening') return `bus LISTEN connection: ${listener.state}`;
      return undefined;
    };

    app.get('/healthz', { schema: { response: { 200: statusSchema } }, config: probeConfig }, async () => ({ status: 'ok' }));

    // What operators need beside readiness: a nearly full data volume does not take the process out of
    // rotation (chats go on), it stops new files, and only a caller with the metrics token is told.
    const detail = async (request: FastifyRequest) => {
      if (opts.detailToken === undefined || request.headers.authorization === undefined) return {};
      // The same attempt limit as /metrics, so this route is no unlimited oracle for token guesses; a
      // counter store that cannot answer (the database is what may be down) gives no detail.
      const verdict = await checkBearer(app, request, opts.detailToken).catch(() => undefined);
      if (verdict?.kind !== 'right') return {};
      const disk = app.hasDecorator('diskGuard') ? await app.diskGuard.reading() : undefined;
      return { detail: { uploads: disk?.uploads ?? 'accepted', data_volume_free_bytes: disk?.freeBytes ?? null, data_volume_free_ratio: disk?.freeRatio ?? null } };
    };

    app.get('/readyz', { schema: { response: { 200: readySchema, 503: readySchema } }, config: probeConfig }, async (request, reply) => {
      const reason = await notReadyReason();
      if (reason === undefined) return { status: 'ok', ...(await detail(request)) };
      request.log.warn({ reason }, 'not ready');
      return reply.code(503).send({ status: 'unavailable', reason, ...(await detail(request)) });
    });
  },
  { name: 'health', dependencies: ['database', 'bus-fanout'] },
);
