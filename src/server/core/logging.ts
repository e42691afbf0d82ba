import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/** Levels a request line can be written at. */
export type RequestLogLevel = 'info' | 'debug' | 'trace';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The level of the route's request line (default info). Not Fastify's route `logLevel`: that sets
     * the route's threshold, so `logLevel: 'debug'` would make a route louder at LOG_LEVEL=info, not quieter.
     */
    requestLogLevel?: RequestLogLevel;
  }
}

/** Where the logger writes; tests pass a stream that collects the lines. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Secrets that must never reach the logs, which are often shipped to other systems and kept longer
 * than any session: session cookies, bearer tokens (the metrics token), and passwords wherever a log
 * call passes one along. Tokens in URLs are replaced by {@link redactUrl}.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  '*.*.password',
];

/** Query parameters that carry a credential: an attachment's `access_token` reads the file it names. */
const SECRET_QUERY_PARAMS = /([?&](?:access_token|token)=)[^&#]*/gi;

/** `url` with the value of every credential in its query string replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[Redacted]');
}

/** The request as it appears in a log line: the headers tell where a request came from (origin, agent). */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  const headers = { ...request.headers };
  if (typeof headers.referer === 'string') headers.referer = redactUrl(headers.referer);
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip, headers };
}

// Fastify also logs bare `{ statusCode }` objects (a request refused while closing), hence the partial type.
function serializeReply(reply: Partial<FastifyReply> & Pick<FastifyReply, 'statusCode'>): Record<string, unknown> {
  return { statusCode: reply.statusCode, ...(typeof reply.getHeaders === 'function' ? { headers: { ...reply.getHeaders() } } : {}) };
}

/** The logger options of the server: its level, redaction, and the request line's fields. */
export function loggerOptions(level: string, stream?: LogDestination): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    serializers: { req: serializeRequest, res: serializeReply },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One line per request, written when the answer went out (Fastify's default writes two, at the start and
 * at the end, plus one more for a 404). Routes called constantly by machines (long polls, probes,
 * scrapes) write theirs at debug, or the log would be mostly those. Errors are still logged as Fastify does.
 */
export class RequestLineLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) {
      reply.log.error({ ...fields, err: error }, 'request errored');
      return;
    }
    reply.log[request.routeOptions.config?.requestLogLevel ?? 'info'](fields, 'request completed');
  }
}
