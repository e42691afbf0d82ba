/**
 * The canned replies' table and queries, for both engines. A row is shared by a channel (`channel_id`)
 * or owned by one operator (`operator_id`), never both (the migration's check).
 */
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';

/** One stored reply. */
export interface CannedReplyTable {
  id: Generated<number>;
  channel_id: number | null;
  operator_id: number | null;
  shortcut: string;
  text: string;
  created_at: number;
  updated_at: number;
}

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type CannedDatabase = {
  canned_reply: CannedReplyTable;
};

/** A reply as read. */
export interface CannedReplyRow {
  id: number;
  channel_id: number | null;
  operator_id: number | null;
  shortcut: string;
  text: string;
}

/** Where a reply belongs: a channel's shared ones, or an operator's own. */
export type CannedScope = { channelId: number } | { operatorId: number };

/** The column and value that pick the scope's rows. */
function scopeColumn(scope: CannedScope): ['channel_id' | 'operator_id', number] {
  return 'channelId' in scope ? ['channel_id', scope.channelId] : ['operator_id', scope.operatorId];
}

const COLUMNS = ['id', 'channel_id', 'operator_id', 'shortcut', 'text'] as const;

/** The canned replies' queries (`Kysely` over the app's database). */
export class KyselyCannedReplyStore {
  private readonly db: Kysely<Database & CannedDatabase>;

  constructor(handle: Kysely<Database>) {
    this.db = handle.withTables<CannedDatabase>();
  }

  /** The operator's own replies and the shared ones of `channelIds`, by shortcut. */
  async list(operatorId: number, channelIds: readonly number[]): Promise<CannedReplyRow[]> {
    return this.db
      .selectFrom('canned_reply')
      .select(COLUMNS)
      .where((eb) => (channelIds.length > 0 ? eb.or([eb('operator_id', '=', operatorId), eb('channel_id', 'in', [...channelIds])]) : eb('operator_id', '=', operatorId)))
      .orderBy('shortcut')
      .orderBy('id')
      .execute();
  }

  get(id: number): Promise<CannedReplyRow | undefined> {
    return this.db.selectFrom('canned_reply').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** How many replies the scope holds. */
  async count(scope: CannedScope): Promise<number> {
    const [column, value] = scopeColumn(scope);
    const row = await this.db
      .selectFrom('canned_reply')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(column, '=', value)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether another reply of the scope (not `exceptId`) has this shortcut. */
  async taken(scope: CannedScope, shortcut: string, exceptId?: number): Promise<boolean> {
    const [column, value] = scopeColumn(scope);
    const row = await this.db
      .selectFrom('canned_reply')
      .select('id')
      .where(column, '=', value)
      .where('shortcut', '=', shortcut)
      .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
      .executeTakeFirst();
    return row !== undefined;
  }

  async create(scope: CannedScope, shortcut: string, text: string, now: number): Promise<CannedReplyRow> {
    const owner = 'channelId' in scope ? { channel_id: scope.channelId, operator_id: null } : { channel_id: null, operator_id: scope.operatorId };
    return this.db.insertInto('canned_reply').values({ ...owner, shortcut, text, created_at: now, updated_at: now }).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  async update(id: number, shortcut: string, text: string, now: number): Promise<CannedReplyRow | undefined> {
    return this.db.updateTable('canned_reply').set({ shortcut, text, updated_at: now }).where('id', '=', id).returning(COLUMNS).executeTakeFirst();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('canned_reply').where('id', '=', id).execute();
  }
}
