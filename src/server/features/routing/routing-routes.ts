import type { FastifyInstance, FastifyRequest } from 'fastify';
import { primaryLanguage } from '../../../protocol/language-tag.js';
import {
  MY_LANGUAGES_ROUTE,
  OPERATOR_ROUTING_ROUTE,
  ROUTING_CALLS_PER_MINUTE,
  SET_MY_LANGUAGES_ROUTE,
  SET_OPERATOR_ROUTING_ROUTE,
  type OperatorRouting,
} from '../../../protocol/console/routing.js';
import { MyLanguagesSchema, OperatorRoutingParams, OperatorRoutingSchema, SetMyLanguagesParams, SetOperatorRoutingParams } from '../../../protocol/schemas/routing.js';
import { NoParams } from '../../../protocol/schemas/console-params.js';
import { InvalidParamError, RpcError } from '../../core/rpc/errors.js';
import { toId } from '../../core/schemas/params.js';
import { ChannelNotFoundError, adminOnly, parseLanguages } from '../../domain/operators/index.js';
import type { RoutingStore } from './routing-store.js';

class OperatorNotFoundError extends RpcError {
  constructor() {
    super('This operator does not exist', 'missing_error', undefined, 'livechat.MissingError');
  }
}

/** The languages as stored: primary subtags, without repeats; a tag that is none refuses the call. */
function storedLanguages(tags: readonly string[]): string {
  const primaries = tags.map((tag) => {
    const primary = primaryLanguage(tag);
    if (primary === undefined) throw new InvalidParamError(`Not a language tag: ${tag.slice(0, 40)}`);
    return primary;
  });
  return [...new Set(primaries)].join(',');
}

/**
 * The operators' routing settings (README "Routing and capacity"): an admin reads and sets anyone's
 * languages and own capacity in each of their channels (`admin/operator_routing`,
 * `admin/set_operator_routing`); every operator reads and sets their own languages (`languages`,
 * `set_languages`). Channel capacities and the reassign delay are channel settings (`admin/update_channel`).
 */
export async function routingRoutes(app: FastifyInstance, opts: { store: RoutingStore }): Promise<void> {
  const { store } = opts;
  const requireAdmin = adminOnly(app);
  const authorize = (request: FastifyRequest) => app.requireOperator(request);
  const config = { rateLimit: { max: ROUTING_CALLS_PER_MINUTE, timeWindow: 60_000 } };
  // Routing reads capacities through init's availability cache; a change is seen at once.
  app.addHook('onSend', async (request) => {
    if (request.routeOptions.url === SET_OPERATOR_ROUTING_ROUTE) app.availability.forget();
  });

  const routingOf = async (operatorId: number): Promise<OperatorRouting> => {
    const operator = await app.store.getOperator(operatorId);
    if (!operator || operator.archived_at !== null) throw new OperatorNotFoundError();
    return { operator_id: operator.id, languages: parseLanguages(operator.languages), channels: await store.memberships(operator.id) };
  };

  app.rpc(OPERATOR_ROUTING_ROUTE, { summary: 'An operator’s languages and own capacity in each channel', params: OperatorRoutingParams, result: OperatorRoutingSchema, authorize: requireAdmin, config }, async (params) =>
    routingOf(toId(params.operator_id)),
  );

  app.rpc(
    SET_OPERATOR_ROUTING_ROUTE,
    { summary: 'Changes an operator’s languages and own capacities', params: SetOperatorRoutingParams, result: OperatorRoutingSchema, authorize: requireAdmin, config },
    async (params) => {
      const current = await routingOf(toId(params.operator_id));
      const languages = params.languages === undefined ? undefined : storedLanguages(params.languages);
      const memberOf = new Set(current.channels.map((c) => c.channel_id));
      const capacities = (params.capacities ?? []).map((c) => ({ channelId: toId(c.channel_id), capacity: c.capacity }));
      // Checked before any write: a call is applied whole or not at all.
      if (capacities.some((c) => !memberOf.has(c.channelId))) throw new ChannelNotFoundError();
      if (languages !== undefined) await store.setLanguages(current.operator_id, languages);
      for (const c of capacities) await app.store.setOperatorCapacity(c.channelId, current.operator_id, c.capacity);
      return routingOf(current.operator_id);
    },
  );

  app.rpc(MY_LANGUAGES_ROUTE, { summary: 'The languages the calling operator answers in', params: NoParams, result: MyLanguagesSchema, authorize, config }, async (_params, request) => {
    const operator = await app.requireOperator(request);
    return { languages: parseLanguages((await store.languages(operator.id)) ?? '') };
  });

  app.rpc(SET_MY_LANGUAGES_ROUTE, { summary: 'Sets the languages the calling operator answers in', params: SetMyLanguagesParams, result: MyLanguagesSchema, authorize, config }, async (params, request) => {
    const operator = await app.requireOperator(request);
    await store.setLanguages(operator.id, storedLanguages(params.languages));
    return { languages: parseLanguages((await store.languages(operator.id)) ?? '') };
  });
}
