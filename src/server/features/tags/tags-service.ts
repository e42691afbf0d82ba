import type { FastifyInstance } from 'fastify';
import { BusChannel } from '../../../protocol/livechat.js';
import { textProblem } from '../../../protocol/text-checks.js';
import {
  DEFAULT_TAG_COLOR,
  TAG_NAME_MAX,
  TAGS_PER_CHANNEL_MAX,
  TAGS_PER_CONVERSATION_MAX,
  normalTagColor,
  normalTagName,
  tagNameKey,
  type ConversationTagInfo,
  type TagsChangedPayload,
} from '../../../protocol/console/tags.js';
import { InvalidParamError, RpcError } from '../../core/rpc/errors.js';
import type { OperatorRow, VisitorSessionRow } from '../../core/db/tables.js';
import { ConversationNotFoundError, mayRead } from '../../domain/conversations/index.js';
import type { TagsStore } from './tags-store.js';

/** A tag id that names no tag, or one of another channel: both read the same. */
export class TagNotFoundError extends RpcError {
  constructor() {
    super('This tag does not exist', 'missing_error', undefined, 'livechat.MissingError');
  }
}

/** A name as stored: trimmed, bounded, typed text; refused otherwise. */
export function validTagName(raw: string): string {
  const name = normalTagName(raw);
  if (name === '') throw new InvalidParamError('The tag name is empty');
  if (name.length > TAG_NAME_MAX) throw new InvalidParamError(`The tag name must be at most ${TAG_NAME_MAX} characters`);
  const problem = textProblem(name);
  if (problem) throw new InvalidParamError(`The tag name ${problem}`);
  return name;
}

/** A colour as stored; refused when it is neither a palette name nor a readable `#rrggbb`. */
export function validTagColor(raw: string): string {
  const color = normalTagColor(raw);
  if (color === undefined) throw new InvalidParamError('The colour must be a palette name or a #rrggbb colour dark or light enough for readable text');
  return color;
}

/** What tagging does, beyond the queries: who may, the bounds, and telling the channel's operators. */
export class TagsService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly store: TagsStore,
  ) {}

  /** The conversation, when the operator may act in it; unknown and unreadable read the same. */
  async readableSession(operator: OperatorRow, sessionId: number): Promise<VisitorSessionRow> {
    const session = await this.app.store.getVisitorSession(sessionId);
    if (!session || !(await mayRead(this.app.store, operator, session))) throw new ConversationNotFoundError();
    return session;
  }

  /** The tags the operator may use: its channels' (every channel's for an admin). */
  async tagsFor(operator: OperatorRow): Promise<ConversationTagInfo[]> {
    if (operator.is_admin) return this.store.allTags();
    return this.store.channelTags(await this.app.store.operatorChannelIds(operator.id));
  }

  /** Puts the tag named `rawName` on the conversation, making it in the conversation's channel if new. */
  async addTag(operator: OperatorRow, session: VisitorSessionRow, rawName: string): Promise<ConversationTagInfo> {
    const name = validTagName(rawName);
    const key = tagNameKey(name);
    const tag = (await this.store.tagByKey(session.channel_id, key)) ?? (await this.createTag(session.channel_id, name, key));
    const carried = (await this.store.tagsOf([session.id]))[0]?.tag_ids ?? [];
    if (carried.includes(tag.id)) return tag;
    if (carried.length >= TAGS_PER_CONVERSATION_MAX) throw new RpcError(`A conversation carries at most ${TAGS_PER_CONVERSATION_MAX} tags`, 'user_error');
    await this.store.addTagging(session.id, tag.id, this.app.clock.now());
    await this.announce(session.channel_id, [operator.id, session.operator_id], session.id);
    return tag;
  }

  /** Takes a tag of the conversation's channel off it; false when it was not on. */
  async removeTag(operator: OperatorRow, session: VisitorSessionRow, tagId: number): Promise<boolean> {
    const tag = await this.store.tag(tagId);
    if (!tag || tag.channel_id !== session.channel_id) throw new TagNotFoundError();
    const removed = await this.store.removeTagging(session.id, tag.id);
    if (removed) await this.announce(session.channel_id, [operator.id, session.operator_id], session.id);
    return removed;
  }

  /** Renames and/or recolours a tag (admins). */
  async updateTag(admin: OperatorRow, tagId: number, patch: { name?: string; color?: string }): Promise<ConversationTagInfo> {
    const tag = await this.store.tag(tagId);
    if (!tag) throw new TagNotFoundError();
    const name = patch.name === undefined ? undefined : validTagName(patch.name);
    const color = patch.color === undefined ? undefined : validTagColor(patch.color);
    const changes = { ...(name === undefined ? {} : { name, name_key: tagNameKey(name) }), ...(color === undefined ? {} : { color }) };
    if (!(await this.store.updateTag(tag.id, changes))) throw new RpcError('Another tag of this channel has that name', 'user_error');
    await this.announce(tag.channel_id, [admin.id]);
    return (await this.store.tag(tag.id)) ?? tag;
  }

  /** Deletes a tag, off every conversation (admins). */
  async deleteTag(admin: OperatorRow, tagId: number): Promise<void> {
    const tag = await this.store.tag(tagId);
    if (!tag) throw new TagNotFoundError();
    await this.store.deleteTag(tag.id);
    await this.announce(tag.channel_id, [admin.id]);
  }

  private async createTag(channelId: number, name: string, key: string): Promise<ConversationTagInfo> {
    if ((await this.store.countChannelTags(channelId)) >= TAGS_PER_CHANNEL_MAX) throw new RpcError(`A channel has at most ${TAGS_PER_CHANNEL_MAX} tags`, 'user_error');
    const made = await this.store.createTag({ channel_id: channelId, name, name_key: key, color: DEFAULT_TAG_COLOR }, this.app.clock.now());
    // Undefined: another operator made the same name meanwhile; theirs is the one.
    const tag = made ?? (await this.store.tagByKey(channelId, key));
    if (!tag) throw new TagNotFoundError();
    return tag;
  }

  /** Tells the channel's operators (and whoever else is concerned) that tags changed, so their consoles reload them. */
  private async announce(channelId: number, alsoTell: readonly (number | null)[], sessionId?: number): Promise<void> {
    const members = await this.app.store.channelOperatorIds(channelId);
    const ids = new Set([...members, ...alsoTell.filter((id): id is number => id !== null)]);
    const payload: TagsChangedPayload = sessionId === undefined ? { info: 'tags_changed', channel_id: channelId } : { info: 'tags_changed', channel_id: channelId, session_id: sessionId };
    await this.app.bus.publish([...ids].map((id) => BusChannel.operator(id)), payload);
  }
}
