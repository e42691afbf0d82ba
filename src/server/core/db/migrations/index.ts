import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Engine } from '../engine.js';
import { initialSchema } from './0001-core-initial-schema.js';
import { operatorLastActive } from './0002-operators-last-active.js';
import { operatorArchivedAt } from './0003-operators-archived-at.js';
import { operatorAway } from './0004-operators-away.js';
import { rateCounter } from './0005-limits-rate-counter.js';
import { messagePostKey } from './0006-conversations-message-post-key.js';
import { visitorUploads } from './0007-uploads-visitor-uploads.js';
import { offlineMessagesAlerts } from './0008-offline-messages-alerts.js';
import { visitorIdentity } from './0009-visitor-identity-fields.js';
import { storageBounds } from './0010-limits-storage-bounds.js';
import { visitorVerifiedFields } from './0011-visitor-identity-verified-fields.js';
import { postKeyUnique } from './0014-conversations-post-key-unique.js';
import { operatorProfile } from './0015-profiles-operator-profile.js';
import { visitorNameGiven } from './0016-visitors-label.js';
import { coreOutbox } from './0017-core-outbox.js';
import { cannedReplies } from './0018-canned-replies-replies.js';
import { notesMentions } from './0019-notes-mentions.js';
import { conversationStatus } from './0020-statuses-conversation-status.js';
import { conversationTags } from './0021-tags-conversation-tags.js';
import { transferParticipants } from './0025-transfer-participants.js';
import { searchFullText } from './0022-search-full-text.js';
import { channelBusinessHours } from './0023-business-hours-channel-hours.js';
import { routingCapacity } from './0024-routing-capacity.js';
import { queueEntries } from './0027-queue-entries.js';
import { routingReassignments } from './0028-routing-reassignments.js';
import { channelRole } from './0026-supervision-channel-role.js';
import { reportsEvents } from './0029-reports-events.js';
import { reportsHourly } from './0030-reports-hourly.js';
import { reportsChannelTotals } from './0031-reports-channel-totals.js';
import { conversationsAnswerIndexes } from './0032-conversations-answer-indexes.js';
import { searchVectorPlpgsql } from './0033-search-vector-plpgsql.js';
import { conversationsParticipantCount } from './0034-conversations-participant-count.js';
import { reportsWeeklyTotals } from './0035-reports-weekly-totals.js';

/** Every migration, in order; names sort lexically, so keep the numeric prefix. */
export function migrationsFor(engine: Engine): Record<string, Migration> {
  // The names are what the databases recorded: never rename one. A new migration is a new file and line.
  return {
    '0001_initial': initialSchema(engine),
    '0002_operator_last_active': operatorLastActive,
    '0003_operator_archived_at': operatorArchivedAt,
    '0004_operator_away': operatorAway,
    '0005_rate_counter': rateCounter,
    '0006_message_post_key': messagePostKey,
    '0007_visitor_uploads': visitorUploads,
    '0008_offline_messages_alerts': offlineMessagesAlerts(engine),
    '0009_visitor_identity': visitorIdentity,
    '0010_storage_bounds': storageBounds,
    '0011_visitor_verified_fields': visitorVerifiedFields,
    '0014_message_post_key_unique': postKeyUnique,
    '0015_operator_profile': operatorProfile,
    '0016_visitor_label': visitorNameGiven,
    '0017_core_outbox': coreOutbox(engine),
    '0018_canned_replies': cannedReplies(engine),
    '0019_notes_mentions': notesMentions(engine),
    '0020_statuses_conversation_status': conversationStatus,
    '0021_tags_conversation_tags': conversationTags(engine),
    '0022_search_full_text': searchFullText(engine),
    '0023_business_hours_channel_hours': channelBusinessHours,
    '0024_routing_capacity': routingCapacity,
    '0027_queue_entries': queueEntries,
    '0028_routing_reassignments': routingReassignments,
    '0026_supervision_channel_role': channelRole,
    '0025_transfer_participants': transferParticipants,
    '0029_reports_events': reportsEvents(engine),
    '0030_reports_hourly': reportsHourly(engine),
    '0031_reports_channel_totals': reportsChannelTotals(engine),
    '0032_conversations_answer_indexes': conversationsAnswerIndexes,
    '0033_search_vector_plpgsql': searchVectorPlpgsql(engine),
    '0034_conversations_participant_count': conversationsParticipantCount,
    '0035_reports_weekly_totals': reportsWeeklyTotals(engine),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.engine);
  }
}

/** Thrown when the schema could not be brought up to date; the server must not start half-migrated. */
export class MigrationError extends Error {
  readonly code = 'migration_failed';
}

/** Brings the schema up to date; Kysely's migration lock makes concurrent starts on one PostgreSQL safe. */
export async function migrateToLatest(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // Features land side by side, each with its own numbered migration: one that landed after a database
  // already ran a later number still runs, since none depends on another's columns.
  const migrator = new Migrator({ db, provider: new InCodeProvider(engine), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
