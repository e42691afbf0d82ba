import { sql } from 'kysely';
import type { ChannelRow, OperatorRow } from '../../core/db/tables.js';
import { pingDatabase, type OpenDatabase } from '../../core/db/database.js';
import { hashPassword, verifyPassword } from '../operators/passwords.js';
import { ConversationQueries } from '../conversations/conversation-store.js';
import { ChannelRoleQueries } from '../channels/channel-role-store.js';
import { LoadQueries, type LoadStore } from '../channels/load-store.js';
import { ParticipantQueries } from '../conversations/participant-store.js';
import { availableOperators } from '../operators/operator-store.js';
import { VisitorQueries } from '../visitors/visitor-store.js';
import { KyselyConversationStore } from '../conversations/kysely-conversation-store.js';
import { UploadUsageQueries, type UploadUsageStore } from '../attachments/upload-usage-store.js';
import type { OnlineOperator, NewChannel, NewOperator, Store } from './store.js';

/** Channel texts of SPEC.md §2 and PROTOCOL.md §2.1, used when a channel is created without them. */
export const CHANNEL_DEFAULTS = {
  button_text: 'Chat with one of our collaborators',
  default_message: 'How may I help you?',
  input_placeholder: 'Ask something ...',
} as const;

// A hash no password can match, so a login check against a missing operator costs the same time.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * The Kysely implementation of {@link Store} for SQLite and PostgreSQL alike: channels, operators and
 * their sessions here, conversations in {@link KyselyConversationStore}. The Kysely handle stays in
 * `*-store.ts` files: everything else asks a store.
 */
export class KyselyStore extends KyselyConversationStore implements Store {
  readonly visitors: VisitorQueries;
  readonly conversations: ConversationQueries;
  readonly uploadUsage: UploadUsageStore;
  readonly roles: ChannelRoleQueries;
  readonly participants: ParticipantQueries;
  readonly loads: LoadStore;
  readonly #open: OpenDatabase;

  constructor(open: OpenDatabase) {
    super(open);
    this.#open = open;
    this.visitors = new VisitorQueries(open.db);
    this.conversations = new ConversationQueries(open.db);
    this.uploadUsage = new UploadUsageQueries(open.db);
    this.roles = new ChannelRoleQueries(open.db);
    this.participants = new ParticipantQueries(open.db);
    this.loads = new LoadQueries(open.db);
  }

  ping(): Promise<void> {
    return pingDatabase(this.#open);
  }

  async backupTo(file: string): Promise<void> {
    if (this.engine !== 'sqlite') throw new Error('only a SQLite database is backed up by the server; use pg_dump');
    // VACUUM INTO writes a consistent copy while the server keeps running (WAL readers are not blocked).
    await sql`VACUUM INTO ${file}`.execute(this.db);
  }

  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('livechat_channel').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }

  async createChannel(fields: NewChannel): Promise<ChannelRow> {
    return this.db
      .insertInto('livechat_channel')
      .values({
        button_text: CHANNEL_DEFAULTS.button_text,
        default_message: CHANNEL_DEFAULTS.default_message,
        input_placeholder: CHANNEL_DEFAULTS.input_placeholder,
        rule_action: 'display_button',
        auto_popup_timer: 0,
        prechat_form: 'off',
        ...fields,
        created_at: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async getChannel(id: number): Promise<ChannelRow | undefined> {
    return this.db.selectFrom('livechat_channel').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listChannels(): Promise<ChannelRow[]> {
    return this.db.selectFrom('livechat_channel').selectAll().orderBy('id').execute();
  }

  async updateChannel(id: number, patch: Parameters<Store['updateChannel']>[1]): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable('livechat_channel').set(patch).where('id', '=', id).execute();
  }

  async addChannelOperator(channelId: number, operatorId: number): Promise<void> {
    await this.db
      .insertInto('channel_operator')
      .values({ channel_id: channelId, operator_id: operatorId })
      .onConflict((oc) => oc.columns(['channel_id', 'operator_id']).doNothing())
      .execute();
  }

  async removeChannelOperator(channelId: number, operatorId: number): Promise<void> {
    await this.db.deleteFrom('channel_operator').where('channel_id', '=', channelId).where('operator_id', '=', operatorId).execute();
  }

  async operatorCapacity(channelId: number, operatorId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('channel_operator as co')
      .innerJoin('livechat_channel as ch', 'ch.id', 'co.channel_id')
      .select(['co.capacity as own', 'ch.capacity as channel'])
      .where('co.channel_id', '=', channelId)
      .where('co.operator_id', '=', operatorId)
      .executeTakeFirst();
    return row ? (row.own ?? row.channel) : null;
  }

  async setOperatorCapacity(channelId: number, operatorId: number, capacity: number | null): Promise<void> {
    await this.db.updateTable('channel_operator').set({ capacity }).where('channel_id', '=', channelId).where('operator_id', '=', operatorId).execute();
  }

  async channelOperatorIds(channelId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('channel_operator').select('operator_id').where('channel_id', '=', channelId).orderBy('operator_id').execute();
    return rows.map((r) => r.operator_id);
  }

  async operatorChannelIds(operatorId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('channel_operator').select('channel_id').where('operator_id', '=', operatorId).orderBy('channel_id').execute();
    return rows.map((r) => r.channel_id);
  }

  async createOperator(fields: NewOperator): Promise<OperatorRow> {
    return this.db
      .insertInto('operator')
      .values({
        login: fields.login,
        display_name: fields.display_name,
        email: fields.email ?? null,
        password_hash: await hashPassword(fields.password),
        is_admin: fields.is_admin ? 1 : 0,
        created_at: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async getOperator(id: number): Promise<OperatorRow | undefined> {
    return this.db.selectFrom('operator').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async getOperatorByLogin(login: string): Promise<OperatorRow | undefined> {
    return this.db.selectFrom('operator').selectAll().where('login', '=', login).executeTakeFirst();
  }

  async listOperators(): Promise<OperatorRow[]> {
    return this.db.selectFrom('operator').selectAll().orderBy('id').execute();
  }

  async checkPassword(login: string, password: string): Promise<OperatorRow | undefined> {
    const operator = await this.getOperatorByLogin(login);
    const ok = await verifyPassword(password, operator?.password_hash ?? DUMMY_HASH);
    return ok && operator?.archived_at === null ? operator : undefined;
  }

  async setOperatorPassword(id: number, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('operator').set({ password_hash: passwordHash }).where('id', '=', id).execute();
      await trx.deleteFrom('web_session').where('operator_id', '=', id).execute();
    });
  }

  async archiveOperator(id: number, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('operator').set({ archived_at: now }).where('id', '=', id).where('archived_at', 'is', null).execute();
      await trx.deleteFrom('channel_operator').where('operator_id', '=', id).execute();
      await trx.deleteFrom('web_session').where('operator_id', '=', id).execute();
    });
  }

  async setOperatorAvatar(id: number, avatar: Buffer | null, mimetype: string | null, now = Date.now()): Promise<void> {
    await this.db.updateTable('operator').set({ avatar, avatar_mimetype: mimetype, avatar_updated_at: now }).where('id', '=', id).execute();
  }

  async setOperatorDisplayName(id: number, displayName: string): Promise<void> {
    await this.db.updateTable('operator').set({ display_name: displayName }).where('id', '=', id).execute();
  }

  async setOperatorAway(id: number, away: boolean): Promise<void> {
    await this.db.updateTable('operator').set({ away: away ? 1 : 0 }).where('id', '=', id).execute();
  }

  async touchOperator(id: number, now: number): Promise<void> {
    await this.db.updateTable('operator').set({ last_seen: now }).where('id', '=', id).execute();
  }

  async recordOperatorActivity(id: number, lastActive: number): Promise<void> {
    await this.db.updateTable('operator').set({ last_active: lastActive }).where('id', '=', id).execute();
  }

  availableOperators(channelId: number, now: number, seenSince: number, awakeSince?: number): Promise<OnlineOperator[]> {
    return availableOperators(this.db, channelId, now, seenSince, awakeSince);
  }

  async createWebSession(operatorId: number, tokenHash: string, now: number, expiresAt: number): Promise<void> {
    await this.db.insertInto('web_session').values({ token_hash: tokenHash, operator_id: operatorId, created_at: now, expires_at: expiresAt }).execute();
  }

  async findWebSession(tokenHash: string, now: number): Promise<OperatorRow | undefined> {
    return this.db
      .selectFrom('web_session as ws')
      .innerJoin('operator as o', 'o.id', 'ws.operator_id')
      .selectAll('o')
      .where('ws.token_hash', '=', tokenHash)
      .where('ws.expires_at', '>', now)
      .executeTakeFirst();
  }

  async deleteWebSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('web_session').where('token_hash', '=', tokenHash).execute();
  }

  /** Closes the database once, however many times it is asked. */
  close(): Promise<void> {
    return this.#open.close();
  }
}
