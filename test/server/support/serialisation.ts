/**
 * Routes serialise their answers by their response schemas (fast-json-stringify), which drops
 * properties a schema does not name and coerces types. These hooks compare every answer with what
 * plain JSON.stringify makes of the same value, so any test that goes through the harness fails when a
 * schema would change an answer.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** One answer that the schema changed. */
export interface SerialisationMismatch {
  route: string;
  status: number;
  expected: string;
  sent: string;
}

const expected = new WeakMap<FastifyRequest, string>();

/** Records, in `mismatches`, every answer whose serialised form differs from JSON.stringify's. */
export function watchSerialisation(app: FastifyInstance, mismatches: SerialisationMismatch[]): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    expected.set(request, JSON.stringify(payload));
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = expected.get(request);
    if (raw === undefined || typeof payload !== 'string') return payload;
    if (!isDeepStrictEqual(JSON.parse(payload), JSON.parse(raw))) {
      mismatches.push({ route: `${request.method} ${request.routeOptions.url ?? request.url}`, status: reply.statusCode, expected: raw.slice(0, 2000), sent: payload.slice(0, 2000) });
    }
    return payload;
  });
}
