import Type, { type Static } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RpcError } from '../../core/rpc/errors.js';
import type { OperatorRow } from '../../core/db/tables.js';
import { AnyJson, Text } from '../../core/schemas/params.js';
import { urlsFor } from '../../core/http/urls.js';
import { checkLoginWait, recordLoginFailure, recordLoginSuccess } from '../../core/limits/login-guard.js';
import { SESSION_AUTHENTICATE_ROUTE, SESSION_DESTROY_ROUTE, SESSION_INFO_ROUTE } from '../../../protocol/routes.js';

/** The name reported as `db` (there is one database per server). */
export const DB_NAME = 'livechat';

/** The session-info object of PROTOCOL.md §9. */
const SessionInfoSchema = Type.Object({
  uid: Type.Integer(),
  is_system: Type.Boolean(),
  is_admin: Type.Boolean(),
  is_supervisor: Type.Boolean({ description: 'Whether the operator supervises a channel (issue 26): the console offers the supervision screen' }),
  user_context: Type.Object({ lang: Type.String(), tz: Type.String(), uid: Type.Integer() }),
  db: Type.String(),
  server_version: Type.String(),
  name: Type.String(),
  username: Type.String(),
  partner_display_name: Type.String(),
  partner_id: Type.Integer(),
  company_id: Type.Integer(),
  'web.base.url': Type.String(),
  currencies: Type.Object({}, { additionalProperties: false, description: 'None: the chat has no prices' }),
  cache_hashes: Type.Object({ translations: Type.String() }),
});

/** The session-info object of PROTOCOL.md §9 for a logged-in operator; never includes the password hash. */
export async function sessionInfo(app: FastifyInstance, operator: OperatorRow, request: FastifyRequest): Promise<Static<typeof SessionInfoSchema>> {
  return {
    uid: operator.id,
    is_system: Boolean(operator.is_admin),
    is_admin: Boolean(operator.is_admin),
    is_supervisor: (await app.store.roles.supervisedChannelIds(operator.id)).length > 0,
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
    cache_hashes: { translations: app.locales.hash },
  };
}

/** `/web/session/*`: operator log-in, log-out and session info (same-origin, cookie). */
export async function webSessionRoutes(app: FastifyInstance): Promise<void> {
  app.rpc(
    SESSION_AUTHENTICATE_ROUTE,
    {
      summary: 'Logs an operator in: sets the HttpOnly session cookie and answers the session info',
      params: Type.Object({
        db: Type.Optional(AnyJson('Ignored: one database per server')),
        login: Text(200),
        password: Text(1000),
      }),
      result: SessionInfoSchema,
      // Password guessing is slowed per address (RATE_LIMIT_LOGIN a minute).
      config: { rateLimit: { max: app.config.rateLimits.login, timeWindow: 60_000 } },
    },
    async (params, request, reply) => {
      const { login, password } = params;
      // Guesses on one account slow down the addresses that make them, never the account's owner elsewhere.
      await checkLoginWait(app.limits, login, request.ip, app.clock.now());
      const operator = await app.store.checkPassword(login, password);
      if (!operator) {
        await recordLoginFailure(app.limits, login, request.ip, app.clock.now());
        throw new RpcError('Wrong login/password', 'access_denied', undefined, 'livechat.AccessDenied');
      }
      await recordLoginSuccess(app.limits, login, request.ip);
      await app.startOperatorSession(request, reply, operator);
      return sessionInfo(app, operator, request);
    },
  );

  app.rpc(
    SESSION_INFO_ROUTE,
    { summary: 'The logged-in operator’s session info', params: Type.Object({}), result: SessionInfoSchema, authorize: (request) => app.requireOperator(request) },
    async (_params, request) => sessionInfo(app, await app.requireOperator(request), request),
  );

  app.rpc(SESSION_DESTROY_ROUTE, { summary: 'Logs out: ends the session and clears the cookie', params: Type.Object({}) }, async (_params, request, reply) => {
    await app.endOperatorSession(request, reply);
    return undefined;
  });
}
