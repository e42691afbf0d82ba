import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** Options of {@link healthPlugin}. */
export interface HealthOptions {
  /** A database that does not answer within this is reported unready rather than holding the probe. */
  queryTimeoutMs?: number;
}

const statusSchema = {
  type: 'object',
  properties: { status: { type: 'string' }, reason: { type: 'string' } },
  required: ['status'],
  additionalProperties: false,
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
 * be taken out of rotation, not killed.
 */
export const healthPlugin = fp(
  async (app: FastifyInstance, opts: HealthOptions) => {
    const queryTimeoutMs = opts.queryTimeoutMs ?? 2_000;

    const notReadyReason = async (): Promise<string | undefined> => {
      try {
        await withTimeout(app.store.ping(), queryTimeoutMs, 'the database');
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

    app.get('/readyz', { schema: { response: { 200: statusSchema, 503: statusSchema } }, config: probeConfig }, async (request, reply) => {
      const reason = await notReadyReason();
      if (reason === undefined) return { status: 'ok' };
      request.log.warn({ reason }, 'not ready');
      return reply.code(503).send({ status: 'unavailable', reason });
    });
  },
  { name: 'health', dependencies: ['store', 'bus-fanout'] },
);
