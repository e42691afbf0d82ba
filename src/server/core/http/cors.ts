import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { RpcRoute, SchemaRpcHandler } from '../rpc/jsonrpc-plugin.js';
import { RpcError } from '../rpc/errors.js';
import { RefusedOriginLog } from './refused-origins.js';
import { ORIGIN_NOT_ALLOWED_CODE, ORIGIN_NOT_ALLOWED_ERROR } from '../../../protocol/origin-refusal.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Declares a visitor JSON-RPC route: callable from the allowed embedding origins without credentials
     * (PROTOCOL.md §1.4), with its CORS pre-flight answered.
     */
    visitorRpc<P extends TSchema, R extends TSchema | undefined = undefined>(path: string, route: RpcRoute<P, R>, handler: SchemaRpcHandler<P, R>): void;
    /**
     * Answers the CORS pre-flight of a visitor route that is not JSON-RPC (a route declared with
     * `config.visitorCors`), for the allowed embedding origins.
     */
    visitorPreflight(path: string, options?: { refusalReadable?: boolean }): void;
  }
  interface FastifyContextConfig {
    /** Set on visitor routes: CORS for the allowed origins, never with credentials. */
    visitorCors?: boolean;
    /**
     * A site not in ALLOWED_ORIGINS may read this route's refusal (and nothing else), so the widget
     * can tell its page why the chat stays away.
     */
    refusalReadable?: boolean;
  }
}

/** Options of {@link corsPlugin}: `*` or the exact origins allowed to embed the widget. */
export interface CorsOptions {
  allowedOrigins: string[] | '*';
}

const PREFLIGHT_MAX_AGE = '86400';

function allowOriginFor(origin: string | undefined, allowed: string[] | '*'): string | undefined {
  if (allowed === '*') return '*';
  if (origin !== undefined && allowed.includes(origin)) return origin;
  return undefined;
}

function isSameOrigin(origin: string, request: FastifyRequest): boolean {
  const host = request.headers.host;
  if (host === undefined) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    // A malformed Origin header is simply not our origin.
    return false;
  }
}

/** Visitor routes answer CORS for ALLOWED_ORIGINS; every other route stays same-origin. */
export const corsPlugin = fp(
  async (app: FastifyInstance, opts: CorsOptions) => {
    const headersFor = (request: FastifyRequest, reply: FastifyReply): boolean => {
      const origin = request.headers.origin;
      // The operator console calls visitor routes (chat_post, poll) from the server's own pages:
      // a same-origin request needs no CORS and must not depend on ALLOWED_ORIGINS.
      if (origin !== undefined && isSameOrigin(origin, request)) return true;
      const allow = allowOriginFor(origin, opts.allowedOrigins);
      if (opts.allowedOrigins !== '*') reply.header('Vary', 'Origin');
      if (!allow) return origin === undefined;
      reply.header('Access-Control-Allow-Origin', allow);
      reply.header('Access-Control-Allow-Methods', 'POST');
      return true;
    };

    // Only the refusal is readable: the call is refused before its body is read or its handler runs.
    const readableRefusal = (reply: FastifyReply, origin: string): void => {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Allow-Methods', 'POST');
    };

    const refusals = new RefusedOriginLog();
    const refuse = (request: FastifyRequest, reply: FastifyReply, origin: string): never => {
      const logged = refusals.toWarn(origin, app.clock.now());
      if (logged !== undefined) request.log.warn({ origin: logged }, 'a site not in ALLOWED_ORIGINS tried to use the chat; add it to ALLOWED_ORIGINS to allow it (logged once an hour per site)');
      if (request.routeOptions.config?.refusalReadable) readableRefusal(reply, origin);
      throw new RpcError('This site is not allowed to use the chat', 'access_error', ORIGIN_NOT_ALLOWED_CODE, ORIGIN_NOT_ALLOWED_ERROR);
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!request.routeOptions.config?.visitorCors || request.method !== 'POST') return;
      const origin = request.headers.origin;
      if (!headersFor(request, reply) && origin !== undefined) refuse(request, reply, origin);
    });

    app.decorate('visitorPreflight', function visitorPreflight(this: FastifyInstance, path: string, options: { refusalReadable?: boolean } = {}) {
      // The pre-flight of a cross-origin call: no body, no answer but headers.
      this.options(path, { schema: { hide: true } }, async (request, reply) => {
        const origin = request.headers.origin;
        if (!headersFor(request, reply) && options.refusalReadable && origin !== undefined) readableRefusal(reply, origin);
        reply.header('Access-Control-Allow-Headers', 'Origin, X-Requested-With, Content-Type, Accept');
        reply.header('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
        return reply.status(204).send();
      });
    });

    function visitorRpc(this: FastifyInstance, path: string, route: RpcRoute<TSchema, TSchema | undefined>, handler: SchemaRpcHandler<TSchema, TSchema | undefined>): void {
      this.rpc(path, { ...route, config: { ...(route.config ?? {}), visitorCors: true } }, handler);
      this.visitorPreflight(path, { refusalReadable: route.config?.refusalReadable === true });
    }
    app.decorate('visitorRpc', visitorRpc as FastifyInstance['visitorRpc']);
  },
  { name: 'cors', dependencies: ['jsonrpc'] },
);
