/** Who does what in a channel (issue 26): a member answers its conversations, a supervisor also oversees them all. */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';
import type { ChannelMember, ChannelRole } from '../../../protocol/console/supervision.js';

/** The roles of channel memberships. */
export interface ChannelRoleStore {
  /** The channels the operator supervises, ascending. */
  supervisedChannelIds(operatorId: number): Promise<number[]>;
  /** Whether the operator supervises that channel. */
  supervises(operatorId: number, channelId: number): Promise<boolean>;
  /** The operators who supervise the channel, ascending. */
  supervisorIds(channelId: number): Promise<number[]>;
  /** The channel's members with their roles, by operator id. */
  members(channelId: number): Promise<ChannelMember[]>;
  /** Makes the operator a member of the channel with that role (a member already: changes its role). */
  setRole(channelId: number, operatorId: number, role: ChannelRole): Promise<void>;
}

/** The Kysely implementation of {@link ChannelRoleStore}. */
export class ChannelRoleQueries implements ChannelRoleStore {
  constructor(private readonly db: Kysely<Database>) {}

  async supervisedChannelIds(operatorId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('channel_operator').select('channel_id').where('operator_id', '=', operatorId).where('role', '=', 'supervisor').orderBy('channel_id').execute();
    return rows.map((r) => r.channel_id);
  }

  async supervises(operatorId: number, channelId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('channel_operator')
      .select('channel_id')
      .where('operator_id', '=', operatorId)
      .where('channel_id', '=', channelId)
      .where('role', '=', 'supervisor')
      .executeTakeFirst();
    return row !== undefined;
  }

  async supervisorIds(channelId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('channel_operator').select('operator_id').where('channel_id', '=', channelId).where('role', '=', 'supervisor').orderBy('operator_id').execute();
    return rows.map((r) => r.operator_id);
  }

  async members(channelId: number): Promise<ChannelMember[]> {
    return this.db.selectFrom('channel_operator').select(['operator_id', 'role']).where('channel_id', '=', channelId).orderBy('operator_id').execute();
  }

  async setRole(channelId: number, operatorId: number, role: ChannelRole): Promise<void> {
    await this.db
      .insertInto('channel_operator')
      .values({ channel_id: channelId, operator_id: operatorId, role })
      .onConflict((oc) => oc.columns(['channel_id', 'operator_id']).doUpdateSet({ role }))
      .execute();
  }
}
