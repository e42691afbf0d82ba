/** The supervision screen's queries (issue 26): a channel's live conversations and its members' load and presence. */
import type { Kysely } from 'kysely';
import type { ChannelRole } from '../../../protocol/console/supervision.js';
import type { Database, VisitorSessionRow } from '../../core/db/tables.js';
import { lastAnswerAt, unansweredSince } from '../../domain/conversations/index.js';

/** A live conversation with what the screen needs beside the row. */
export interface LiveConversation extends VisitorSessionRow {
  operator_name: string | null;
  /** The newest operator message's time, null when no operator has written. */
  last_answer_at: number | null;
  /** The oldest visitor message after the newest operator message, null when there is none. */
  first_unanswered_at: number | null;
}

/** A member of the channel with the columns its presence is told from. */
export interface MemberLoad {
  id: number;
  display_name: string;
  role: ChannelRole;
  away: number;
  last_seen: number | null;
  last_active: number | null;
  has_web_session: boolean;
}

const num = (v: number | string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** The Kysely queries of the supervision feature. */
export class SupervisionStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The channel's open conversations, oldest first, at most `limit`; one query, whatever their number. */
  async liveConversations(channelId: number, limit: number): Promise<LiveConversation[]> {
    const rows = await this.db
      .selectFrom('visitor_session as s')
      .leftJoin('operator as o', 'o.id', 's.operator_id')
      .selectAll('s')
      .select('o.display_name as operator_name')
      .select((eb) => lastAnswerAt(eb.ref('s.id')).as('last_answer_at'))
      .select((eb) => unansweredSince(eb.ref('s.id')).as('first_unanswered_at'))
      .where('s.channel_id', '=', channelId)
      .where('s.closed_at', 'is', null)
      .orderBy('s.id', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, last_answer_at: num(row.last_answer_at), first_unanswered_at: num(row.first_unanswered_at) }));
  }

  /** The channel's active members with their role and presence columns. */
  async members(channelId: number, now: number, limit: number): Promise<MemberLoad[]> {
    const rows = await this.db
      .selectFrom('operator as o')
      .innerJoin('channel_operator as co', 'co.operator_id', 'o.id')
      .where('co.channel_id', '=', channelId)
      .where('o.archived_at', 'is', null)
      .select(['o.id', 'o.display_name', 'co.role', 'o.away', 'o.last_seen', 'o.last_active'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('web_session as ws').select('ws.token_hash').whereRef('ws.operator_id', '=', 'o.id').where('ws.expires_at', '>', now))
          .as('has_web_session'),
      )
      .orderBy('o.display_name')
      .orderBy('o.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      display_name: r.display_name,
      role: r.role,
      away: Number(r.away),
      last_seen: num(r.last_seen),
      last_active: num(r.last_active),
      has_web_session: Boolean(r.has_web_session),
    }));
  }

  /** Who hears that a channel's screen changed: its supervisors and every active admin. */
  async watchers(channelId: number): Promise<number[]> {
    const supervisors = this.db.selectFrom('channel_operator').select('operator_id').where('channel_id', '=', channelId).where('role', '=', 'supervisor');
    const rows = await this.db
      .selectFrom('operator')
      .select('id')
      .where('archived_at', 'is', null)
      .where((eb) => eb.or([eb('is_admin', '=', 1), eb('id', 'in', supervisors)]))
      .execute();
    return rows.map((r) => r.id);
  }
}
