/** What the store knows of visitors and of the channels' identity secrets (issue 14 "Knowing who is asking"). */
import type { Kysely, Updateable } from 'kysely';
import type { Database, VisitorSessionRow, VisitorSessionTable } from '../../core/db/tables.js';

/** Visitor fields of a session that change when the host page says more about its visitor. */
export type VisitorPatch = Pick<Updateable<VisitorSessionTable>, 'identity' | 'visitor_id' | 'email' | 'context' | 'user_agent' | 'time_zone' | 'language' | 'anonymous_name' | 'name' | 'name_given' | 'name_verified' | 'email_verified'>;

/** A channel's identity secret and when it was made. */
export interface IdentitySecret {
  secret: string;
  created_at: number;
}

/** Reads and writes of visitor identities; one implementation serves both engines. */
export interface VisitorStore {
  /** The channel's identity secret, to check hashes with; never sent to any client after it is made. */
  identitySecret(channelId: number): Promise<IdentitySecret | undefined>;
  /** When each channel's secret was made, by channel id (channels without one are absent). */
  identitySecretDates(): Promise<Map<number, number>>;
  /** Sets (or replaces: rotation) the channel's secret. */
  setIdentitySecret(channelId: number, secret: string, now: number): Promise<void>;
  removeIdentitySecret(channelId: number): Promise<void>;
  /** The newest open session of a verified visitor in a channel. */
  openSessionOf(channelId: number, visitorId: string): Promise<VisitorSessionRow | undefined>;
  /** The visitor's sessions in the channel before session `beforeId`, newest first. */
  earlierSessionsOf(channelId: number, visitorId: string, beforeId: number, limit: number): Promise<VisitorSessionRow[]>;
  /** How many sessions of the channel came before this one from the same visitor (by verified id, else e-mail). */
  countEarlierSessions(session: VisitorSessionRow): Promise<number | null>;
  updateVisitor(sessionId: number, patch: VisitorPatch): Promise<void>;
}

/** The Kysely implementation of {@link VisitorStore}. */
export class VisitorQueries implements VisitorStore {
  constructor(private readonly db: Kysely<Database>) {}

  identitySecret(channelId: number): Promise<IdentitySecret | undefined> {
    return this.db.selectFrom('channel_identity_secret').select(['secret', 'created_at']).where('channel_id', '=', channelId).executeTakeFirst();
  }

  async identitySecretDates(): Promise<Map<number, number>> {
    const rows = await this.db.selectFrom('channel_identity_secret').select(['channel_id', 'created_at']).execute();
    return new Map(rows.map((r) => [r.channel_id, Number(r.created_at)]));
  }

  async setIdentitySecret(channelId: number, secret: string, now: number): Promise<void> {
    await this.db
      .insertInto('channel_identity_secret')
      .values({ channel_id: channelId, secret, created_at: now })
      .onConflict((oc) => oc.column('channel_id').doUpdateSet({ secret, created_at: now }))
      .execute();
  }

  async removeIdentitySecret(channelId: number): Promise<void> {
    await this.db.deleteFrom('channel_identity_secret').where('channel_id', '=', channelId).execute();
  }

  /** Sessions of one verified visitor in one channel, newest first. */
  #sessionsOf(channelId: number, visitorId: string) {
    return this.db.selectFrom('visitor_session').selectAll().where('channel_id', '=', channelId).where('visitor_id', '=', visitorId).where('identity', '=', 'verified').orderBy('id', 'desc');
  }

  openSessionOf(channelId: number, visitorId: string): Promise<VisitorSessionRow | undefined> {
    return this.#sessionsOf(channelId, visitorId).where('closed_at', 'is', null).limit(1).executeTakeFirst();
  }

  earlierSessionsOf(channelId: number, visitorId: string, beforeId: number, limit: number): Promise<VisitorSessionRow[]> {
    return this.#sessionsOf(channelId, visitorId).where('id', '<', beforeId).limit(limit).execute();
  }

  async countEarlierSessions(session: VisitorSessionRow): Promise<number | null> {
    const byId = session.identity === 'verified' && session.visitor_id !== null;
    if (!byId && session.email === null) return null;
    const row = await this.db
      .selectFrom('visitor_session')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('channel_id', '=', session.channel_id)
      .where('id', '<', session.id)
      .$if(byId, (q) => q.where('visitor_id', '=', session.visitor_id).where('identity', '=', 'verified'))
      .$if(!byId, (q) => q.where('email', '=', session.email))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async updateVisitor(sessionId: number, patch: VisitorPatch): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable('visitor_session').set(patch).where('id', '=', sessionId).execute();
  }
}
