import type {
  AttachmentRow,
  ChannelRow,
  ChannelPatch,
  NewChannel,
  MessageRow,
  NewMessage,
  NewAttachment,
  OperatorRow,
  RatingRow,
  VisitorSessionRow,
} from '../../core/db/tables.js';
import type { Engine } from '../../core/db/database.js';
import type { MessageWithRelations } from '../conversations/message-types.js';
import type { VisitorStore } from '../visitors/visitor-store.js';
import type { ConversationStore, SessionCondition } from '../conversations/conversation-store.js';
import type { UploadUsageStore } from '../attachments/upload-usage-store.js';
import type { ChannelRoleStore } from '../channels/channel-role-store.js';
import type { LoadStore } from '../channels/load-store.js';
import type { ParticipantStore } from '../conversations/participant-store.js';

export type { ChannelPatch, NewChannel } from '../../core/db/tables.js';

/** Fields an operator is created with; the password is hashed by the store. */
export interface NewOperator {
  login: string;
  display_name: string;
  email?: string | null;
  password: string;
  is_admin?: boolean;
}

/** An operator who can take a conversation, with their current load. */
export interface AvailableOperator {
  id: number;
  display_name: string;
  /** The operator's load (domain/channels' `operatorLoads`): what routing balances and caps. */
  load: number;
  /** How many open conversations the operator may hold in this channel (their override, else the channel's); null: no limit. */
  capacity: number | null;
  /** Primary language subtags the operator answers in, lower case; empty when none were given. */
  languages: string[];
}

/** An operator who can take a conversation, before their load is counted. */
export type OnlineOperator = Omit<AvailableOperator, 'load'>;

/** A new visitor session. */
export interface NewVisitorSession {
  uuid: string;
  channel_id: number;
  /** Null for a conversation waiting in its channel's queue. */
  operator_id: number | null;
  anonymous_name: string;
  name: string;
  /** 1 when `anonymous_name` is the visitor's own, not the widget's default; 0 when left out. */
  name_given?: number;
  /** What the host page said about its visitor (issue 14); anonymous when absent. */
  identity?: VisitorSessionRow['identity'];
  visitor_id?: string | null;
  email?: string | null;
  context?: string | null;
  user_agent?: string | null;
  time_zone?: string | null;
  language?: string | null;
}

export type { NewMessage } from '../../core/db/tables.js';

/** A message with its author's name and attachments, ready to be shaped for the wire. */
export type { MessageWithRelations };

/** Which conversations `listVisitorSessions` reads, newest first. */
export interface SessionFilter {
  operatorId?: number;
  open?: boolean;
  limit?: number;
  /** Further conditions, all met (the console list's filters). */
  where?: readonly SessionCondition[];
}

/**
 * What the chat kernel needs from storage: channels, operators, conversations and messages (the bus
 * and the limits keep their own stores in core).
 * One implementation (Kysely) serves both SQLite and PostgreSQL; no route builds SQL itself. Each
 * feature keeps its own store (a `*-store.ts` beside it), built on the same database.
 */
export interface Store {
  readonly engine: Engine;
  /** Visitor identities and the channels' identity secrets. */
  readonly visitors: VisitorStore;
  /** Visitor upload totals and read markers (issue 15). */
  readonly conversations: ConversationStore;
  /** Bytes of files stored per client address, channel and operator and UTC day (upload budgets). */
  readonly uploadUsage: UploadUsageStore;
  /** Roles of channel memberships: operator or supervisor (issue 26). */
  readonly roles: ChannelRoleStore;
  /** Operators invited into conversations beside their operator (features/transfer). */
  readonly participants: ParticipantStore;
  /** Operators' loads (domain/channels). */
  readonly loads: LoadStore;

  isEmpty(): Promise<boolean>;

  createChannel(fields: NewChannel): Promise<ChannelRow>;
  getChannel(id: number): Promise<ChannelRow | undefined>;
  listChannels(): Promise<ChannelRow[]>;
  updateChannel(id: number, patch: ChannelPatch): Promise<void>;
  addChannelOperator(channelId: number, operatorId: number): Promise<void>;
  removeChannelOperator(channelId: number, operatorId: number): Promise<void>;
  channelOperatorIds(channelId: number): Promise<number[]>;
  operatorChannelIds(operatorId: number): Promise<number[]>;

  createOperator(fields: NewOperator): Promise<OperatorRow>;
  getOperator(id: number): Promise<OperatorRow | undefined>;
  getOperatorByLogin(login: string): Promise<OperatorRow | undefined>;
  listOperators(): Promise<OperatorRow[]>;
  /** The operator if the password matches and the operator was not removed. */
  checkPassword(login: string, password: string): Promise<OperatorRow | undefined>;
  /** Replaces the operator's password (hashed) and ends all its browser sessions. */
  setOperatorPassword(id: number, password: string): Promise<void>;
  /** Removes an operator: archived (its conversations stay), out of every channel, logged out everywhere. */
  archiveOperator(id: number, now: number): Promise<void>;
  /** Sets (or with null removes) the operator's picture, versioned by `now` (epoch ms). */
  setOperatorAvatar(id: number, avatar: Buffer | null, mimetype: string | null, now?: number): Promise<void>;
  /** Changes the name visitors and colleagues see. */
  setOperatorDisplayName(id: number, displayName: string): Promise<void>;
  /** Sets the operator's away flag; an away operator is left out of {@link Store.availableOperators}. */
  setOperatorAway(id: number, away: boolean): Promise<void>;
  /** Records that the operator was seen now (presence, PROTOCOL.md §11.1). */
  touchOperator(id: number, now: number): Promise<void>;
  /** Records the operator's last user activity as its poll reported it (`bus_inactivity`). */
  recordOperatorActivity(id: number, lastActive: number): Promise<void>;
  /** The operator's capacity in the channel: their override, else the channel's; null: no limit (or not a member). */
  operatorCapacity(channelId: number, operatorId: number): Promise<number | null>;
  /** Sets (null: clears) the operator's own capacity in the channel. */
  setOperatorCapacity(channelId: number, operatorId: number, capacity: number | null): Promise<void>;
  /**
   * Operators of the channel who are logged in and seen at or after `seenSince`, with their load; with
   * `awakeSince`, those whose reported last activity is older are away and left out; so are those who set
   * the away flag.
   */
  availableOperators(channelId: number, now: number, seenSince: number, awakeSince?: number): Promise<OnlineOperator[]>;

  createWebSession(operatorId: number, tokenHash: string, now: number, expiresAt: number): Promise<void>;
  findWebSession(tokenHash: string, now: number): Promise<OperatorRow | undefined>;
  deleteWebSession(tokenHash: string): Promise<void>;

  createVisitorSession(fields: NewVisitorSession, now: number): Promise<VisitorSessionRow>;
  getVisitorSessionByUuid(uuid: string): Promise<VisitorSessionRow | undefined>;
  getVisitorSession(id: number): Promise<VisitorSessionRow | undefined>;
  listVisitorSessions(filter: SessionFilter): Promise<VisitorSessionRow[]>;
  closeVisitorSession(id: number, now: number): Promise<void>;
  /** A visitor asked for a chat and nobody could take it; only in-transaction fact writers (reports) store it. */
  recordRefusal(channelId: number, now: number): Promise<void>;
  /**
   * Gives an open session to `toOperatorId` (with its new display name) only while it is still open and
   * with `fromOperatorId` (null: nobody yet); the updated row, or undefined when that no longer holds.
   */
  assignVisitorSession(id: number, fromOperatorId: number | null, toOperatorId: number, name: string, now?: number): Promise<VisitorSessionRow | undefined>;
  setPageHistory(id: number, pages: string[]): Promise<void>;

  insertMessage(fields: NewMessage, now: number): Promise<MessageRow>;
  /** The id of the session's message stored with that post key, if any. */
  findMessageIdByPostKey(sessionId: number, postKey: string): Promise<number | undefined>;
  /** Newest first, at most `limit`; with `beforeId`, only older messages. */
  listMessages(sessionId: number, limit: number, beforeId?: number): Promise<MessageWithRelations[]>;
  getMessage(id: number): Promise<MessageWithRelations | undefined>;

  createAttachment(fields: NewAttachment, now: number): Promise<AttachmentRow>;
  getAttachmentByPublicId(publicId: string): Promise<AttachmentRow | undefined>;

  /** One rating per session: the first call creates it, later calls overwrite it. */
  upsertRating(sessionId: number, rate: number, reason: string, now: number): Promise<RatingRow>;
  getRating(sessionId: number): Promise<RatingRow | undefined>;

  /** Answers when the database does (the readiness probe). */
  ping(): Promise<void>;
  /** Writes a consistent copy of a SQLite database to `file` while it is in use (PostgreSQL: pg_dump). */
  backupTo(file: string): Promise<void>;

  /** Closes the database; later calls wait for the same close. */
  close(): Promise<void>;
}
