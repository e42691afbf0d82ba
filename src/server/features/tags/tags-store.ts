/**
 * The tags' tables and queries, for both engines: a channel's tags, and which conversations carry them.
 * The tables are the feature's own, typed here (not in core/db/tables.ts).
 */
import type { Expression, ExpressionBuilder, Generated, Kysely, SqlBool } from 'kysely';
import type { Database, OperatorRow } from '../../core/db/tables.js';
import { readableConversations } from '../../domain/conversations/index.js';
import type { ConversationTagInfo, TaggedConversation } from '../../../protocol/console/tags.js';

/** A channel's tag. */
interface ConversationTagTable {
  id: Generated<number>;
  channel_id: number;
  /** As typed (trimmed). */
  name: string;
  /** Case-folded name: unique per channel. */
  name_key: string;
  /** A palette name or `#rrggbb`. */
  color: string;
  created_at: number;
}

/** A tag on a conversation. */
interface ConversationTaggingTable {
  session_id: number;
  tag_id: number;
  created_at: number;
}

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type TagsDatabase = {
  conversation_tag: ConversationTagTable;
  conversation_tagging: ConversationTaggingTable;
};

/** A new tag. */
export interface NewTag {
  channel_id: number;
  name: string;
  name_key: string;
  color: string;
}

/** The tags' queries. */
export class TagsStore {
  private readonly db: Kysely<Database & TagsDatabase>;

  constructor(handle: Kysely<Database>) {
    this.db = handle.withTables<TagsDatabase>();
  }

  /** The tags of these channels, by name. */
  async channelTags(channelIds: readonly number[]): Promise<ConversationTagInfo[]> {
    if (channelIds.length === 0) return [];
    return this.db.selectFrom('conversation_tag').select(['id', 'channel_id', 'name', 'color']).where('channel_id', 'in', channelIds).orderBy('name_key').orderBy('id').execute();
  }

  /** Every channel's tags (an admin's view). */
  async allTags(): Promise<ConversationTagInfo[]> {
    return this.db.selectFrom('conversation_tag').select(['id', 'channel_id', 'name', 'color']).orderBy('name_key').orderBy('id').execute();
  }

  /** One tag. */
  async tag(id: number): Promise<ConversationTagInfo | undefined> {
    return this.db.selectFrom('conversation_tag').select(['id', 'channel_id', 'name', 'color']).where('id', '=', id).executeTakeFirst();
  }

  /** The channel's tag of that case-folded name. */
  async tagByKey(channelId: number, nameKey: string): Promise<ConversationTagInfo | undefined> {
    return this.db.selectFrom('conversation_tag').select(['id', 'channel_id', 'name', 'color']).where('channel_id', '=', channelId).where('name_key', '=', nameKey).executeTakeFirst();
  }

  /** How many tags the channel has. */
  async countChannelTags(channelId: number): Promise<number> {
    const row = await this.db.selectFrom('conversation_tag').select((eb) => eb.fn.countAll<number | string>().as('n')).where('channel_id', '=', channelId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Makes a tag; undefined when the channel already has one of that name (a concurrent creation). */
  async createTag(tag: NewTag, now: number): Promise<ConversationTagInfo | undefined> {
    const row = await this.db
      .insertInto('conversation_tag')
      .values({ ...tag, created_at: now })
      .onConflict((oc) => oc.columns(['channel_id', 'name_key']).doNothing())
      .returning(['id', 'channel_id', 'name', 'color'])
      .executeTakeFirst();
    return row;
  }

  /** Renames and/or recolours a tag; false when another tag of its channel has the new name. */
  async updateTag(id: number, patch: { name?: string; name_key?: string; color?: string }): Promise<boolean> {
    if (patch.name_key !== undefined) {
      const tag = await this.tag(id);
      const clash = tag && (await this.tagByKey(tag.channel_id, patch.name_key));
      if (clash && clash.id !== id) return false;
    }
    if (Object.keys(patch).length > 0) await this.db.updateTable('conversation_tag').set(patch).where('id', '=', id).execute();
    return true;
  }

  /** Deletes a tag and takes it off every conversation. */
  async deleteTag(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('conversation_tagging').where('tag_id', '=', id).execute();
      await trx.deleteFrom('conversation_tag').where('id', '=', id).execute();
    });
  }

  /** The tag ids on these conversations, each conversation listed (with none when untagged). */
  async tagsOf(sessionIds: readonly number[]): Promise<TaggedConversation[]> {
    if (sessionIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('conversation_tagging as g')
      .innerJoin('conversation_tag as t', 't.id', 'g.tag_id')
      .select(['g.session_id', 'g.tag_id'])
      .where('g.session_id', 'in', sessionIds)
      .orderBy('t.name_key')
      .execute();
    const bySession = new Map<number, number[]>(sessionIds.map((id) => [id, []]));
    for (const r of rows) bySession.get(r.session_id)?.push(r.tag_id);
    return [...bySession].map(([session_id, tag_ids]) => ({ session_id, tag_ids }));
  }

  /** How many tags the conversation carries. */
  async countConversationTags(sessionId: number): Promise<number> {
    const row = await this.db.selectFrom('conversation_tagging').select((eb) => eb.fn.countAll<number | string>().as('n')).where('session_id', '=', sessionId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Puts the tag on the conversation; false when it was already there. */
  async addTagging(sessionId: number, tagId: number, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('conversation_tagging')
      .values({ session_id: sessionId, tag_id: tagId, created_at: now })
      .onConflict((oc) => oc.columns(['session_id', 'tag_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** Takes the tag off the conversation; false when it was not there. */
  async removeTagging(sessionId: number, tagId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('conversation_tagging').where('session_id', '=', sessionId).where('tag_id', '=', tagId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** A condition on `visitor_session` rows: the conversation carries the tag (the list's filter). */
  carries(tagId: number): (eb: ExpressionBuilder<Database, 'visitor_session'>) => Expression<SqlBool> {
    const tagged = this.db.selectFrom('conversation_tagging').select('session_id').where('tag_id', '=', tagId);
    return (eb) => eb('visitor_session.id', 'in', tagged);
  }
}

/** Of these conversations, the ones the operator may read (domain/conversations' one rule). */
export async function readableSessionIds(handle: Kysely<Database>, operator: OperatorRow, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await handle
    .selectFrom('visitor_session as s')
    .select('s.id')
    .where('s.id', 'in', ids)
    .$call((q) => {
      const readable = (eb: ExpressionBuilder<Database & { s: Database['visitor_session'] }, 's'>) => readableConversations(eb, operator, 's');
      return operator.is_admin ? q : q.where((eb) => readable(eb) as Expression<SqlBool>);
    })
    .execute();
  return rows.map((r) => r.id);
}
