/**
 * Alert mails to operators (missed chats, offline messages): who receives them, which conversations are
 * due, and the one row per conversation and kind that makes each mail go out at most once, whichever
 * server process sends it.
 */
import type { Kysely } from 'kysely';
import type { OperatorAlertSettings } from '../../../protocol/operator-console.js';
import type { AlertKind, Database, VisitorSessionRow } from '../../core/db/tables.js';
import { hasAnswer, unansweredSince } from '../../domain/conversations/index.js';

/** Someone an alert goes to. */
export interface AlertRecipient {
  id: number;
  display_name: string;
  email: string;
}

/** How a sending ended. */
export type AlertOutcome = { state: 'sent' | 'no_recipients' | 'suppressed'; recipients: number } | { state: 'failed'; retryAt: number | null };

/** One alert to try again. */
export interface AlertRetry {
  session_id: number;
  kind: AlertKind;
}

/** An alert the hourly cap kept from being mailed, taken into a digest. */
export interface SuppressedAlert {
  session_id: number;
  kind: AlertKind;
  /** When it was suppressed. */
  updated_at: number;
}

/** Settings to save; a choice left out stays as it is. */
export type AlertSettingsChange = Omit<OperatorAlertSettings, 'notify_mention'> & { notify_mention?: boolean };

/** Each operator's "mail me when I'm mentioned" (migration 0019); no row means off. */
type MentionAlertDatabase = { mention_alert: { operator_id: number; notify_mention: number } };

/** The alerts' storage (`app.alertStore`). */
export interface AlertStore {
  settings(operatorId: number): Promise<OperatorAlertSettings | undefined>;
  setSettings(operatorId: number, settings: AlertSettingsChange): Promise<void>;
  /** Active operators of the channel with an address who want this kind of alert. */
  recipients(channelId: number, kind: AlertKind): Promise<AlertRecipient[]>;
  /** Records that this process sends the alert; false when it was already recorded (by any process). */
  claim(sessionId: number, kind: AlertKind, now: number): Promise<boolean>;
  /** Takes a failed alert whose retry time came: its attempt number, or undefined when another process took it first. */
  claimRetry(sessionId: number, kind: AlertKind, now: number): Promise<number | undefined>;
  finish(sessionId: number, kind: AlertKind, outcome: AlertOutcome, now: number): Promise<void>;
  /** Failed alerts whose retry time came. */
  dueRetries(now: number, limit: number): Promise<AlertRetry[]>;
  /**
   * Live chats created since `since`, still open, that no operator answered, whose first visitor message
   * is older than their channel's missed-after delay, and for which no missed-chat alert was recorded.
   * With `sessionId`, that conversation only.
   */
  missedChats(now: number, since: number, limit: number, sessionId?: number): Promise<VisitorSessionRow[]>;
  /** Offline messages created since `since` for which no alert was recorded (a process stopped in between). */
  unannouncedOfflineMessages(since: number, limit: number): Promise<VisitorSessionRow[]>;
  /** Whether an operator has written in the conversation (what makes a chat answered, and mailable as a transcript). */
  answered(sessionId: number): Promise<boolean>;
  /** Channels with alerts suppressed from `since` to before `before` that no digest has counted yet. */
  channelsToDigest(before: number, since: number, limit: number): Promise<number[]>;
  /**
   * Takes the channel's alerts suppressed before `before` into a digest (state `digested`): the ones this
   * call took, none when another process took them first.
   */
  claimSuppressed(channelId: number, before: number): Promise<SuppressedAlert[]>;
}

/** {@link AlertStore} over Kysely, for both engines. */
export class KyselyAlertStore implements AlertStore {
  readonly #mentions: Kysely<Database & MentionAlertDatabase>;

  constructor(private readonly db: Kysely<Database>) {
    this.#mentions = db.withTables<MentionAlertDatabase>();
  }

  async settings(operatorId: number): Promise<OperatorAlertSettings | undefined> {
    const row = await this.#mentions
      .selectFrom('operator as o')
      .leftJoin('mention_alert as ma', 'ma.operator_id', 'o.id')
      .select(['o.email', 'o.notify_missed_chat', 'o.notify_offline_message', 'ma.notify_mention'])
      .where('o.id', '=', operatorId)
      .executeTakeFirst();
    return (
      row && { email: row.email, notify_missed_chat: Boolean(row.notify_missed_chat), notify_offline_message: Boolean(row.notify_offline_message), notify_mention: Boolean(row.notify_mention) }
    );
  }

  async setSettings(operatorId: number, settings: AlertSettingsChange): Promise<void> {
    if (settings.notify_mention !== undefined) {
      const notify = settings.notify_mention ? 1 : 0;
      await this.#mentions
        .insertInto('mention_alert')
        .values({ operator_id: operatorId, notify_mention: notify })
        .onConflict((oc) => oc.column('operator_id').doUpdateSet({ notify_mention: notify }))
        .execute();
    }
    await this.db
      .updateTable('operator')
      .set({ email: settings.email, notify_missed_chat: settings.notify_missed_chat ? 1 : 0, notify_offline_message: settings.notify_offline_message ? 1 : 0 })
      .where('id', '=', operatorId)
      .execute();
  }

  async recipients(channelId: number, kind: AlertKind): Promise<AlertRecipient[]> {
    const rows = await this.db
      .selectFrom('operator as o')
      .innerJoin('channel_operator as co', 'co.operator_id', 'o.id')
      .select(['o.id', 'o.display_name', 'o.email'])
      .where('co.channel_id', '=', channelId)
      .where('o.archived_at', 'is', null)
      .where('o.email', 'is not', null)
      .where(kind === 'missed_chat' ? 'o.notify_missed_chat' : 'o.notify_offline_message', '=', 1)
      .orderBy('o.id')
      .execute();
    return rows.filter((r): r is AlertRecipient => r.email !== null && r.email !== '');
  }

  async claim(sessionId: number, kind: AlertKind, now: number): Promise<boolean> {
    const row = await this.db
      .insertInto('alert_mail')
      .values({ session_id: sessionId, kind, state: 'sending', attempts: 1, next_attempt_at: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['session_id', 'kind']).doNothing())
      .returning('session_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async claimRetry(sessionId: number, kind: AlertKind, now: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('alert_mail')
      .set((eb) => ({ state: 'sending', attempts: eb('attempts', '+', 1), next_attempt_at: null, updated_at: now }))
      .where('session_id', '=', sessionId)
      .where('kind', '=', kind)
      .where('state', '=', 'failed')
      .where('next_attempt_at', '<=', now)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts;
  }

  async finish(sessionId: number, kind: AlertKind, outcome: AlertOutcome, now: number): Promise<void> {
    const values =
      outcome.state === 'failed' ? { state: outcome.state, next_attempt_at: outcome.retryAt, updated_at: now } : { state: outcome.state, recipients: outcome.recipients, updated_at: now };
    await this.db.updateTable('alert_mail').set(values).where('session_id', '=', sessionId).where('kind', '=', kind).execute();
  }

  async dueRetries(now: number, limit: number): Promise<AlertRetry[]> {
    return this.db
      .selectFrom('alert_mail')
      .select(['session_id', 'kind'])
      .where('state', '=', 'failed')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
  }

  missedChats(now: number, since: number, limit: number, sessionId?: number): Promise<VisitorSessionRow[]> {
    return this.db
      .selectFrom('visitor_session as vs')
      .innerJoin('livechat_channel as c', 'c.id', 'vs.channel_id')
      .selectAll('vs')
      .$if(sessionId !== undefined, (q) => q.where('vs.id', '=', sessionId!))
      .where('vs.origin', '=', 'chat')
      .where('vs.created_at', '>=', since)
      .where('vs.closed_at', 'is', null)
      .where(({ exists, not, selectFrom }) =>
        not(exists(selectFrom('alert_mail as a').select('a.session_id').whereRef('a.session_id', '=', 'vs.id').where('a.kind', '=', 'missed_chat'))),
      )
      .where(({ not, ref }) => not(hasAnswer(ref('vs.id'))))
      .where((eb) => eb(eb(unansweredSince(eb.ref('vs.id')), '+', eb('c.missed_after_seconds', '*', 1000)), '<=', now))
      .orderBy('vs.id')
      .limit(limit)
      .execute();
  }

  unannouncedOfflineMessages(since: number, limit: number): Promise<VisitorSessionRow[]> {
    return this.db
      .selectFrom('visitor_session as vs')
      .selectAll('vs')
      .where('vs.origin', '=', 'offline')
      .where('vs.created_at', '>=', since)
      .where(({ exists, not, selectFrom }) =>
        not(exists(selectFrom('alert_mail as a').select('a.session_id').whereRef('a.session_id', '=', 'vs.id').where('a.kind', '=', 'offline_message'))),
      )
      .orderBy('vs.id')
      .limit(limit)
      .execute();
  }

  async answered(sessionId: number): Promise<boolean> {
    const row = await this.db.selectFrom('message').select('id').where('session_id', '=', sessionId).where('author_operator_id', 'is not', null).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async channelsToDigest(before: number, since: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('alert_mail as a')
      .innerJoin('visitor_session as vs', 'vs.id', 'a.session_id')
      .select('vs.channel_id')
      .distinct()
      .where('a.state', '=', 'suppressed')
      .where('a.updated_at', '<', before)
      .where('a.updated_at', '>=', since)
      .orderBy('vs.channel_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.channel_id);
  }

  // One UPDATE is the claim: on PostgreSQL a second process's UPDATE waits for the first one's rows and
  // then finds them no longer `suppressed`, so each alert is counted by exactly one digest.
  claimSuppressed(channelId: number, before: number): Promise<SuppressedAlert[]> {
    return this.db
      .updateTable('alert_mail')
      .set({ state: 'digested' })
      .where('state', '=', 'suppressed')
      .where('updated_at', '<', before)
      .where('session_id', 'in', (eb) => eb.selectFrom('visitor_session').select('id').where('channel_id', '=', channelId))
      .returning(['session_id', 'kind', 'updated_at'])
      .execute();
  }
}
