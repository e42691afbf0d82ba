import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../core/config/config.js';
import { toId } from '../../core/schemas/params.js';
import { NoParams } from '../../../protocol/schemas/console-params.js';
import {
  AddConversationTagParams,
  ConversationTagsParams,
  DeleteTagParams,
  RemoveConversationTagParams,
  TagSchema,
  TaggedConversationSchema,
  UpdateTagParams,
} from '../../../protocol/schemas/tags.js';
import {
  ADD_CONVERSATION_TAG_ROUTE,
  CONVERSATION_TAGS_ROUTE,
  DELETE_TAG_ROUTE,
  REMOVE_CONVERSATION_TAG_ROUTE,
  TAGS_ROUTE,
  UPDATE_TAG_ROUTE,
} from '../../../protocol/console/tags.js';
import { adminOnly } from '../../domain/operators/index.js';
import { TagsStore, readableSessionIds } from './tags-store.js';
import { TagsService } from './tags-service.js';

/**
 * Conversation tags, under `/im_livechat/operator/` (protocol/console/tags.ts):
 * - `tags` {} → Tag[]: the tags of the operator's channels (every channel's for an admin);
 * - `conversation_tags` {session_ids} → {session_id, tag_ids}[] for those of them the operator may read;
 * - `add_conversation_tag` {session_id, name} → Tag: a new name makes a tag of the conversation's channel;
 * - `remove_conversation_tag` {session_id, tag_id} → whether it was on;
 * - `admin/update_tag` {tag_id, name?, color?} → Tag and `admin/delete_tag` {tag_id} → true, admins only.
 * A change is published as `{info: "tags_changed", channel_id, session_id?}` to the channel's operators. The
 * list route's `tag_id` filter is registered here too (app.conversationListFilters).
 */
export async function tagsRoutes(app: FastifyInstance, opts: { config: Pick<ServerConfig, 'rateLimits'> }): Promise<void> {
  const store = new TagsStore(app.database.db);
  const service = new TagsService(app, store);
  const authorize = (request: FastifyRequest) => app.requireOperator(request);
  const requireAdmin = adminOnly(app);
  const config = { rateLimit: { max: opts.config.rateLimits.tags, timeWindow: 60_000 } };

  app.conversationListFilters.push((params) => (params.tag_id === undefined ? undefined : store.carries(toId(params.tag_id))));

  app.rpc(TAGS_ROUTE, { summary: 'The tags of the operator’s channels', params: NoParams, result: Type.Array(TagSchema), authorize, config }, async (_params, request) =>
    service.tagsFor(await app.requireOperator(request)),
  );

  app.rpc(
    CONVERSATION_TAGS_ROUTE,
    { summary: 'The tags on some conversations the operator may read', params: ConversationTagsParams, result: Type.Array(TaggedConversationSchema), authorize, config },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      const ids = [...new Set(params.session_ids.map(toId))];
      return store.tagsOf(await readableSessionIds(app.database.db, operator, ids));
    },
  );

  app.rpc(
    ADD_CONVERSATION_TAG_ROUTE,
    { summary: 'Puts a tag on a conversation, by name; a new name makes a tag', params: AddConversationTagParams, result: TagSchema, authorize, config },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      return service.addTag(operator, await service.readableSession(operator, toId(params.session_id)), params.name);
    },
  );

  app.rpc(
    REMOVE_CONVERSATION_TAG_ROUTE,
    { summary: 'Takes a tag off a conversation; false when it was not on', params: RemoveConversationTagParams, result: Type.Boolean(), authorize, config },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      return service.removeTag(operator, await service.readableSession(operator, toId(params.session_id)), toId(params.tag_id));
    },
  );

  app.rpc(UPDATE_TAG_ROUTE, { summary: 'Renames or recolours a tag', params: UpdateTagParams, result: TagSchema, authorize: requireAdmin, config }, async (params, request) =>
    service.updateTag(await requireAdmin(request), toId(params.tag_id), { name: params.name, color: params.color }),
  );

  app.rpc(DELETE_TAG_ROUTE, { summary: 'Deletes a tag (it leaves every conversation)', params: DeleteTagParams, result: Type.Literal(true), authorize: requireAdmin, config }, async (params, request) => {
    await service.deleteTag(await requireAdmin(request), toId(params.tag_id));
    return true as const;
  });
}
