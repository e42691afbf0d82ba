import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentitySecretGenerated, IdentitySecretStatus } from '../../protocol/operator-console.js';
import type { ServerConfig } from '../config.js';
import { intParam } from '../livechat/params.js';
import { newIdentitySecret } from '../livechat/identity.js';
import { AdminOnlyError, ChannelNotFoundError } from './operator-admin.js';

/**
 * The channels' identity secrets (issue 14), admins only, registered under the admin prefix:
 * - `identity_secrets` {} → IdentitySecretStatus[]: which channels have a secret and since when, never
 *   the secret itself;
 * - `generate_identity_secret` {channel_id} → IdentitySecretGenerated: a new secret, shown once; it
 *   replaces the previous one at once (rotation), so hashes made with the old one are refused from then on;
 * - `remove_identity_secret` {channel_id} → true: verified identities are refused until a new one is made.
 */
export async function operatorAdminIdentityRoutes(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  const limited = { config: { rateLimit: { max: opts.config.rateLimits.identitySecret, timeWindow: 60_000 } } };
  const requireAdmin = async (request: FastifyRequest): Promise<void> => {
    const operator = await app.requireOperator(request);
    if (!operator.is_admin) throw new AdminOnlyError();
  };
  const channelOf = async (params: Record<string, unknown>): Promise<number> => {
    const id = intParam(params, 'channel_id');
    if (!(await app.store.getChannel(id))) throw new ChannelNotFoundError();
    return id;
  };

  app.rpc(
    '/identity_secrets',
    async (_params, request) => {
      await requireAdmin(request);
      const dates = await app.store.visitors.identitySecretDates();
      return [...dates].map(([channel_id, created_at]): IdentitySecretStatus => ({ channel_id, created_at }));
    },
    limited,
  );

  app.rpc(
    '/generate_identity_secret',
    async (params, request, reply) => {
      await requireAdmin(request);
      const channelId = await channelOf(params);
      const secret = newIdentitySecret();
      const now = app.clock.now();
      await app.store.visitors.setIdentitySecret(channelId, secret, now);
      // Shown once: no cache, proxy or back button keeps a copy.
      void reply.header('Cache-Control', 'no-store');
      const answer: IdentitySecretGenerated = { channel_id: channelId, secret, created_at: now };
      return answer;
    },
    limited,
  );

  app.rpc(
    '/remove_identity_secret',
    async (params, request) => {
      await requireAdmin(request);
      await app.store.visitors.removeIdentitySecret(await channelOf(params));
      return true;
    },
    limited,
  );
}
