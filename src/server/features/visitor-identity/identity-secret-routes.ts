import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { IdentitySecretGenerated, IdentitySecretStatus } from '../../../protocol/operator-console.js';
import type { ServerConfig } from '../../core/config/config.js';
import { toId } from '../../core/schemas/params.js';
import { NoParams, OnChannelParams } from '../../../protocol/schemas/console-params.js';
import { IdentitySecretGeneratedSchema, IdentitySecretStatusSchema } from '../../../protocol/schemas/console.js';
import { newIdentitySecret } from '../../domain/visitors/index.js';
import { ChannelNotFoundError, adminOnly } from '../../domain/operators/index.js';
import { GENERATE_IDENTITY_SECRET_ROUTE, IDENTITY_SECRETS_ROUTE, REMOVE_IDENTITY_SECRET_ROUTE } from '../../../protocol/console/routes.js';

/**
 * The channels' identity secrets (issue 14), admins only, registered under the admin prefix:
 * - `identity_secrets` {} → IdentitySecretStatus[]: which channels have a secret and since when, never
 *   the secret itself;
 * - `generate_identity_secret` {channel_id} → IdentitySecretGenerated: a new secret, shown once; it
 *   replaces the previous one at once (rotation), so hashes made with the old one are refused from then on;
 * - `remove_identity_secret` {channel_id} → true: verified identities are refused until a new one is made.
 */
export async function operatorAdminIdentityRoutes(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  // Admins only, checked before the params: anyone else gets the same answer whatever they send.
  const config = { rateLimit: { max: opts.config.rateLimits.identitySecret, timeWindow: 60_000 } };
  const authorize = adminOnly(app);
  const channelOf = async (params: { channel_id: number | string }): Promise<number> => {
    const id = toId(params.channel_id);
    if (!(await app.store.getChannel(id))) throw new ChannelNotFoundError();
    return id;
  };

  app.rpc(
    IDENTITY_SECRETS_ROUTE,
    { summary: 'Which channels have an identity secret, and since when', params: NoParams, result: Type.Array(IdentitySecretStatusSchema), authorize, config },
    async () => {
      const dates = await app.store.visitors.identitySecretDates();
      return [...dates].map(([channel_id, created_at]): IdentitySecretStatus => ({ channel_id, created_at }));
    },
  );

  app.rpc(
    GENERATE_IDENTITY_SECRET_ROUTE,
    { summary: 'Makes a channel’s identity secret, shown once (replaces the previous one)', params: OnChannelParams, result: IdentitySecretGeneratedSchema, authorize, config },
    async (params, _request, reply) => {
      const channelId = await channelOf(params);
      const secret = newIdentitySecret();
      const now = app.clock.now();
      await app.store.visitors.setIdentitySecret(channelId, secret, now);
      // Shown once: no cache, proxy or back button keeps a copy.
      void reply.header('Cache-Control', 'no-store');
      const answer: IdentitySecretGenerated = { channel_id: channelId, secret, created_at: now };
      return answer;
    },
  );

  app.rpc(
    REMOVE_IDENTITY_SECRET_ROUTE,
    { summary: 'Removes a channel’s identity secret', params: OnChannelParams, result: Type.Literal(true), authorize, config },
    async (params) => {
      await app.store.visitors.removeIdentitySecret(await channelOf(params));
      return true as const;
    },
  );
}
