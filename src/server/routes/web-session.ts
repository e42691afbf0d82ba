import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RpcError } from '../plugins/jsonrpc.js';
import type { OperatorRow } from '../store/schema.js';
import { stringParam } from '../livechat/params.js';
import { urlsFor } from '../livechat/urls.js';

/** The name reported as `db` (there is one database per server). */
export const DB_NAME = 'livechat';

/** The session-info object of PROTOCOL.md §9 for a logged-in operator; never includes the password hash. */
export function sessionInfo(operator: OperatorRow, request: FastifyRequest, translationsHash: string): Record<string, unknown> {
  return {
    uid: operator.id,
    is_system: Boolean(operator.is_admin),
    is_admin: Boolean(operator.is_admin),
    user_context: { lang: 'en_US', tz: 'UTC', uid: operator.id },
    db: DB_NAME,
    server_version: '1.0',
    name: operator.display_name,
    username: operator.login,
    partner_display_name: operator.display_name,
    partner_id: operator.id,
    company_id: 1,
    'web.base.url': urlsFor(request).base,
    currencies: {},
    cache_hashes: { translations: translationsHash },
  };
}

/** Log-in attempts on one account in {@link LOGIN_ACCOUNT_WINDOW_MS} before it is refused for the rest of it. */
export const LOGIN_ATTEMPTS_PER_ACCOUNT = 10;
export const LOGIN_ACCOUNT_WINDOW_MS = 15 * 60_000;

/** `/web/session/*`: operator log-in, log-out and session info (same-origin, cookie). */
export async function webSessionRoutes(app: FastifyInstance): Promise<void> {
  app.rpc(
    '/web/session/authenticate',
    async (params, request, reply) => {
      const login = stringParam(params, 'login', 200);
      const password = stringParam(params, 'password', 1000);
      // Guesses on one account are limited whatever addresses they come from; a success clears the count.
      const accountKey = `login:account:${login.trim().toLowerCase()}`;
      await app.limits.take(accountKey, LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_ACCOUNT_WINDOW_MS);
      const operator = await app.store.checkPassword(login, password);
      if (!operator) throw new RpcError('Wrong login/password', 'access_denied', undefined, 'livechat.AccessDenied');
      await app.limits.counters.reset(accountKey);
      await app.startOperatorSession(request, reply, operator);
      return sessionInfo(operator, request, app.locales.hash);
    },
    // Password guessing is slowed per address (RATE_LIMIT_LOGIN a minute).
    { config: { rateLimit: { max: app.config.rateLimits.login, timeWindow: 60_000 } } },
  );

  app.rpc('/web/session/get_session_info', async (_params, request) => {
    const operator = await app.requireOperator(request);
    return sessionInfo(operator, request, app.locales.hash);
  });

  app.rpc('/web/session/destroy', async (_params, request, reply) => {
    await app.endOperatorSession(request, reply);
    return undefined;
  });
}
