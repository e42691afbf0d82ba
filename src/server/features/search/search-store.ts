/**
 * The search's queries over the index of migration 0022 (`search_entry`, SQLite's `search_fts`, PostgreSQL's
 * `vector`), for both engines; the triggers write it, this file only reads. The tables are typed here.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database, OperatorRow, StoredStatus } from '../../core/db/tables.js';
import type { Engine } from '../../core/db/engine.js';
import { readableConversations } from '../../domain/conversations/index.js';
import type { ConversationStatus } from '../../../protocol/conversation-status.js';
import type { SearchFilterOption, SearchHitKind } from '../../../protocol/console/search.js';

interface SearchEntryTable {
  id: number;
  kind: SearchHitKind;
  item_id: number | null;
  session_id: number;
  created_at: number;
}

// Type aliases, not interfaces: `withTables` wants index-signature-compatible records. The notes' and
// tags' tables are read, as the index's triggers read them, never written.
type SearchDatabase = {
  search_entry: SearchEntryTable;
  search_fts: { rowid: number; words: string };
  search_vocab: { term: string };
  note: { id: number; session_id: number; author_operator_id: number; body: string };
  conversation_tag: { id: number; channel_id: number; name: string; name_key: string };
  conversation_tagging: { session_id: number; tag_id: number };
};
type Db = Database & SearchDatabase;
type Row = ExpressionBuilder<Db & { e: SearchEntryTable; s: Database['visitor_session'] }, 'e' | 's'>;

/** What a search asks, the words already as index keys. */
export interface SearchQuery {
  keys: string[];
  status?: ConversationStatus;
  channelId?: number;
  operatorId?: number;
  tagId?: number;
  from?: number;
  to?: number;
  /** The last hit of the previous page: the next starts after it. */
  after?: { date: number; id: number };
  limit: number;
  now: number;
}

/** One entry found, with what its conversation says. */
export interface FoundEntry {
  id: number;
  kind: SearchHitKind;
  item_id: number | null;
  session_id: number;
  created_at: number;
  channel_id: number;
  anonymous_name: string;
  name_given: number;
  email: string | null;
  closed_at: number | null;
  status: StoredStatus;
  snoozed_until: number | null;
}

/** A message's or note's text and author. */
export interface ItemText {
  id: number;
  body: string;
  author_name: string | null;
}

/** `statusAt` (protocol/conversation-status.ts) as a condition: resolved is the close, an expired snooze is open. */
function statusIs(eb: Row, status: ConversationStatus, now: number): Expression<SqlBool> {
  if (status === 'resolved') return eb('s.closed_at', 'is not', null);
  const open = eb('s.closed_at', 'is', null);
  const expired = eb.and([eb('s.status', '=', 'snoozed'), eb(eb.fn.coalesce('s.snoozed_until', eb.lit(0)), '<=', now)]);
  if (status === 'open') return eb.and([open, eb.or([eb('s.status', '=', 'open'), expired])]);
  if (status === 'waiting') return eb.and([open, eb('s.status', '=', 'waiting')]);
  return eb.and([open, eb('s.status', '=', 'snoozed'), eb('s.snoozed_until', '>', now)]);
}

const COLUMNS = ['e.id', 'e.kind', 'e.item_id', 'e.session_id', 'e.created_at', 's.channel_id', 's.anonymous_name', 's.name_given', 's.email', 's.closed_at', 's.status', 's.snoozed_until'] as const;

/** The longest prefix SQLite's FTS5 table has an index of (migration 0022: `prefix = '2 3 4'`). */
const PREFIX_INDEXED = 4;
/** Words a longer prefix is spelt as at most; past them, FTS5's own prefix search. */
const SPELT_MAX = 64;

/** SQLite's entry ids per millisecond (migration 0022: `created_at × 1024 + n`). */
const ID_SLOTS = 1024;

/** The conditions beyond the words: who may read, and the filters asked for. */
function filters(eb: Row, operator: OperatorRow, q: SearchQuery): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const readable = readableConversations(eb, operator, 's');
  if (readable) conditions.push(readable);
  if (q.status !== undefined) conditions.push(statusIs(eb, q.status, q.now));
  if (q.channelId !== undefined) conditions.push(eb('s.channel_id', '=', q.channelId));
  if (q.operatorId !== undefined) {
    const wrote = eb.selectFrom('message as m').select('m.session_id').where('m.author_operator_id', '=', q.operatorId);
    conditions.push(eb.or([eb('s.operator_id', '=', q.operatorId), eb('s.id', 'in', wrote)]));
  }
  if (q.tagId !== undefined) conditions.push(eb('s.id', 'in', eb.selectFrom('conversation_tagging').select('session_id').where('tag_id', '=', q.tagId)));
  if (q.from !== undefined) conditions.push(eb('e.created_at', '>=', q.from));
  if (q.to !== undefined) conditions.push(eb('e.created_at', '<', q.to));
  return conditions;
}

/** The search's queries. */
export class SearchStore {
  private readonly db: Kysely<Db>;

  constructor(
    handle: Kysely<Database>,
    private readonly engine: Engine,
  ) {
    this.db = handle.withTables<SearchDatabase>();
  }

  /** Up to `limit` entries the operator may read that match, newest first. */
  async search(operator: OperatorRow, q: SearchQuery): Promise<FoundEntry[]> {
    if (q.keys.length === 0) return [];
    const rows = this.engine === 'postgres' ? await this.searchPostgres(operator, q) : await this.searchSqlite(operator, q);
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at), closed_at: r.closed_at === null ? null : Number(r.closed_at), snoozed_until: r.snoozed_until === null ? null : Number(r.snoozed_until) }));
  }

  /**
   * PostgreSQL: the GIN index finds the matching entries (each key a `:*` prefix of the tsquery), sorted by
   * date. Keys hold letters and digits only; quoting still keeps any other character a plain lexeme.
   */
  private searchPostgres(operator: OperatorRow, q: SearchQuery) {
    const query = q.keys.map((k) => `'${k.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' & ');
    return this.db
      .selectFrom('search_entry as e')
      .innerJoin('visitor_session as s', 's.id', 'e.session_id')
      .select(COLUMNS)
      .where(sql<SqlBool>`e.vector @@ ${query}::tsquery`)
      .where((eb) => eb.and(filters(eb, operator, q)))
      .$if(q.after !== undefined, (qb) =>
        qb.where((eb) => {
          const { date, id } = q.after as { date: number; id: number };
          return eb.or([eb('e.created_at', '<', date), eb.and([eb('e.created_at', '=', date), eb('e.id', '<', id)])]);
        }),
      )
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(q.limit)
      .execute();
  }

  /**
   * SQLite: FTS5 walks its matches newest first (entry ids follow dates, migration 0022), so a page stops
   * at its last hit instead of sorting every match; CROSS JOIN keeps FTS5 the outer loop. The dates'
   * bounds also bound the walk, as id ranges.
   */
  private async searchSqlite(operator: OperatorRow, q: SearchQuery) {
    const terms = await Promise.all(q.keys.map((k) => this.sqliteTerm(k)));
    if (terms.includes(undefined)) return [];
    const query = terms.join(' AND ');
    const idOf = (date: number) => Math.min(date * ID_SLOTS, Number.MAX_SAFE_INTEGER);
    return this.db
      .selectFrom('search_fts as f')
      .crossJoin('search_entry as e')
      .innerJoin('visitor_session as s', 's.id', 'e.session_id')
      .select(COLUMNS)
      .where(sql<SqlBool>`search_fts match ${query}`)
      .whereRef('e.id', '=', 'f.rowid')
      .where((eb) => eb.and(filters(eb as unknown as Row, operator, q)))
      .$if(q.from !== undefined, (qb) => qb.where('f.rowid', '>=', idOf(q.from as number)))
      .$if(q.to !== undefined, (qb) => qb.where('f.rowid', '<', idOf(q.to as number)))
      .$if(q.after !== undefined, (qb) => qb.where('f.rowid', '<', (q.after as { id: number }).id))
      .orderBy('f.rowid', 'desc')
      .limit(q.limit)
      .execute();
  }

  /**
   * A key as an FTS5 expression, or undefined when no word of the index begins with it. FTS5 serves a
   * prefix of up to 4 characters from its prefix index, newest first as it goes; a longer one it would
   * first gather whole (every match of a common word, before the first comes out). So a longer prefix is
   * spelt as the words it stands for, read from the index's vocabulary, each of which FTS5 walks in order.
   */
  private async sqliteTerm(key: string): Promise<string | undefined> {
    const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
    if ([...key].length <= PREFIX_INDEXED) return `${quote(key)}*`;
    const words = await this.db
      .selectFrom('search_vocab')
      .select('term')
      .where('term', '>=', key)
      .where('term', '<', `${key}\u{10FFFF}`)
      .limit(SPELT_MAX + 1)
      .execute();
    if (words.length === 0) return undefined;
    if (words.length > SPELT_MAX) return `${quote(key)}*`;
    return `(${words.map((w) => quote(w.term)).join(' OR ')})`;
  }

  /** The messages' bodies (HTML) and authors' names (null: the visitor). */
  async messages(ids: readonly number[]): Promise<ItemText[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('message as m').leftJoin('operator as o', 'o.id', 'm.author_operator_id').select(['m.id', 'm.body', 'o.display_name as author_name']).where('m.id', 'in', ids).execute();
  }

  /** The notes' texts and authors' names. */
  async notes(ids: readonly number[]): Promise<ItemText[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('note as n').innerJoin('operator as o', 'o.id', 'n.author_operator_id').select(['n.id', 'n.body', 'o.display_name as author_name']).where('n.id', 'in', ids).execute();
  }

  /** The tags' names. */
  async tagNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('conversation_tag').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The channels' choices (every channel when `channelIds` is undefined: an admin's). */
  async channels(channelIds: readonly number[] | undefined): Promise<SearchFilterOption[]> {
    if (channelIds?.length === 0) return [];
    let q = this.db.selectFrom('livechat_channel').select(['id', 'name']).orderBy('name').orderBy('id');
    if (channelIds) q = q.where('id', 'in', channelIds);
    return q.execute();
  }

  /** The operators of these channels (every operator when undefined), by name. */
  async operators(channelIds: readonly number[] | undefined): Promise<SearchFilterOption[]> {
    if (channelIds?.length === 0) return [];
    let q = this.db.selectFrom('operator as o').select(['o.id', 'o.display_name as name']).orderBy('o.display_name').orderBy('o.id');
    if (channelIds) q = q.where('o.id', 'in', this.db.selectFrom('channel_operator').select('operator_id').where('channel_id', 'in', channelIds));
    return q.execute();
  }

  /** The tags of these channels (every tag when undefined), by name. */
  async tags(channelIds: readonly number[] | undefined): Promise<SearchFilterOption[]> {
    if (channelIds?.length === 0) return [];
    let q = this.db.selectFrom('conversation_tag').select(['id', 'name']).orderBy('name_key').orderBy('id');
    if (channelIds) q = q.where('channel_id', 'in', channelIds);
    return q.execute();
  }
}
