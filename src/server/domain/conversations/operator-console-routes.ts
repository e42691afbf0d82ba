import Type, { type Static } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Rate } from '../../../protocol/livechat.js';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import type { OperatorPresence } from '../../../protocol/operator-console.js';
import type { ListView } from '../../../protocol/conversation-status.js';
import { RpcError } from '../../core/rpc/errors.js';
import type { OperatorRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { MessageWithRelations } from './message-types.js';
import { messageToWire, type WireMessage } from './format.js';
import { urlsFor } from '../../core/http/urls.js';
import { ConversationNotFoundError, mayAnswer, mayRead } from './conversation-access-store.js';
import type { SessionCondition } from './conversation-store.js';
import type { WaitingTally } from './message-store.js';
import { ConversationDetailSchema, ConversationSummarySchema } from '../../../protocol/schemas/console.js';
import { toId } from '../../core/schemas/params.js';
import { ConversationListParams, NoParams, PresenceSchema as Presence, ConversationParams, SetPresenceParams } from '../../../protocol/schemas/console-params.js';
import { byWaitingTime, statusAt } from '../../../protocol/conversation-status.js';
import { viewCountRoutes } from './view-count-routes.js';
import { CONVERSATIONS_ROUTE, CONVERSATION_ROUTE, PRESENCE_ROUTE, SET_PRESENCE_ROUTE } from '../../../protocol/console/routes.js';

type ConversationSummary = Static<typeof ConversationSummarySchema>;
type ConversationDetail = Static<typeof ConversationDetailSchema>;

/** Conversations the list shows: the most recent ones of the view, open or closed. */
export const CONVERSATION_LIST_MAX = 50;
/** Messages sent when a conversation is opened (its unread count and waiting time are read from them too). */
export const CONVERSATION_MESSAGES_MAX = 100;
/** The most messages a pane holds when it is opened at an older message (a search result's link). */
export const CONVERSATION_WINDOW_MAX = 1000;

/**
 * Visitor messages after the operator's last one: how many nobody has read yet (past the conversation's
 * read marker, which opening it moves), and since when the oldest waits for an answer.
 */
function waitingOf(newestFirst: MessageWithRelations[], seenUpTo: number): WaitingTally {
  let unread = 0;
  let since: number | null = null;
  for (const m of newestFirst) {
    if (m.author_operator_id !== null) break;
    if (m.message_type !== 'comment') continue;
    if (m.id > seenUpTo) unread += 1;
    since = m.created_at;
  }
  return { unread, waiting_since: since };
}

/** The page history stored with a session (JSON text), or null when never reported. */
export function parsePages(raw: string | null): string[] | null {
  if (raw === null) return null;
  try {
    const pages: unknown = JSON.parse(raw);
    return Array.isArray(pages) ? pages.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** The newest conversations of a view; without one, the operator's chats and its channels' offline messages. */
async function sessionsOfView(app: FastifyInstance, operator: OperatorRow, view: ListView | undefined, where: readonly SessionCondition[]): Promise<VisitorSessionRow[]> {
  if (view === 'all' && !operator.is_admin) throw new RpcError('The view of all conversations is for administrators', 'access_error', undefined, 'livechat.AccessError');
  if (view) return app.store.conversations.viewSessions({ view, operator }, CONVERSATION_LIST_MAX, where);
  // The operator's chats (those it was invited into too), and the offline messages of its channels, which every member may answer.
  const own = await app.store.conversations.viewSessions({ view: 'mine', operator }, CONVERSATION_LIST_MAX, where);
  const offline = await app.store.conversations.offlineSessions(await app.store.operatorChannelIds(operator.id), CONVERSATION_LIST_MAX, where);
  return [...own, ...offline].sort((a, b) => b.id - a.id).slice(0, CONVERSATION_LIST_MAX);
}

/** A conversation's line in the list, and the head of its detail. */
function summaryOf(session: VisitorSessionRow, last: WireMessage | null, waiting: WaitingTally, now: number): ConversationSummary {
  const status = statusAt(session, now);
  return {
    id: session.id,
    channel_id: session.channel_id,
    visitor_name: visitorLabel(session),
    origin: session.origin,
    created_at: session.created_at,
    closed_at: session.closed_at,
    last_message: last,
    ...waiting,
    current_page: parsePages(session.page_history)?.at(-1) ?? null,
    time_zone: session.time_zone,
    status,
    snoozed_until: status === 'snoozed' ? session.snoozed_until : null,
  };
}

/** The list's summaries: the previews and waiting tallies of all its conversations in a few queries, not a few per conversation. */
async function summariesOf(app: FastifyInstance, sessions: VisitorSessionRow[], request: FastifyRequest): Promise<ConversationSummary[]> {
  const ids = sessions.map((s) => s.id);
  const latest = await app.store.conversations.latestMessages(ids);
  const waiting = await app.store.conversations.waitingTallies(ids);
  const urls = urlsFor(request);
  const now = app.clock.now();
  return sessions.map((session) => {
    const last = latest.get(session.id);
    return summaryOf(session, last ? messageToWire(last, session, urls) : null, waiting.get(session.id) ?? { unread: 0, waiting_since: null }, now);
  });
}

/** An opened conversation's messages, newest first: the newest 100, and older ones down to `since` when given. */
async function openedMessages(app: FastifyInstance, sessionId: number, since: number | undefined): Promise<MessageWithRelations[]> {
  if (since === undefined) return app.store.listMessages(sessionId, CONVERSATION_MESSAGES_MAX);
  return (await app.store.listMessages(sessionId, CONVERSATION_WINDOW_MAX)).filter((m, i) => i < CONVERSATION_MESSAGES_MAX || m.id >= since);
}

/**
 * The console's view of its conversations (issue 7), same-origin with the operator's session cookie,
 * under `/im_livechat/operator/` (protocol/console/routes.ts):
 * - `conversations` {view?, tag_id?} → ConversationSummary[] of the view's newest conversations, the
 *   longest-waiting visitor first (conversation-status.ts), narrowed by the features' filters
 *   (`app.conversationListFilters`) for the fields given; without a view, the sessions the operator serves;
 * - `view_counts` {} → how many open conversations each view holds (view-count-routes.ts);
 * - `conversation` {session_id} → ConversationDetail (messages oldest first, page history, rating);
 * - `presence` {} and `set_presence` {presence} →
 *   `"available"` or `"away"`. An away operator is left out of `/im_livechat/init` and
 *   `/im_livechat/get_session` while still answering its open conversations.
 *
 * The away flag is a column of the operator, so it survives restarts and every server process sharing
 * the database agrees on it.
 */
export async function operatorConsoleRoutes(app: FastifyInstance): Promise<void> {
  const presenceOf = (operator: OperatorRow): OperatorPresence => (operator.away ? 'away' : 'available');
  const authorize = (request: FastifyRequest) => app.requireOperator(request);

  app.rpc(
    CONVERSATIONS_ROUTE,
    {
      summary: 'The operator’s conversations of a view, the longest-waiting visitor first',
      params: ConversationListParams,
      result: Type.Array(ConversationSummarySchema),
      authorize,
    },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      const where = app.conversationListFilters.map((filter) => filter(params, operator)).filter((c) => c !== undefined);
      const sessions = await sessionsOfView(app, operator, params.view, where);
      return byWaitingTime(await summariesOf(app, sessions, request), app.clock.now());
    },
  );

  app.rpc(
    CONVERSATION_ROUTE,
    { summary: 'One conversation with its messages, page history and rating', params: ConversationParams, result: ConversationDetailSchema, authorize },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      const session = await app.store.getVisitorSession(toId(params.session_id));
      // Only the sessions it serves: the bus lets an operator read those channels only (poll-authorization).
      if (!session || !(await mayRead(app.store, operator, session))) throw new ConversationNotFoundError();
      const rows = await openedMessages(app, session.id, params.since_message_id === undefined ? undefined : toId(params.since_message_id));
      const urls = urlsFor(request);
      const messages = rows.map((m) => messageToWire(m, session, urls)).reverse();
      const summary = summaryOf(session, messages.at(-1) ?? null, waitingOf(rows, session.operator_seen_message_id ?? 0), app.clock.now());
      const rating = await app.store.getRating(session.id);
      const detail: ConversationDetail = {
        ...summary,
        messages,
        page_history: parsePages(session.page_history),
        rating: rating ? { rate: rating.rate as Rate, reason: rating.reason } : null,
        reply_email: session.origin === 'offline' ? session.email : null,
        may_reply: await mayAnswer(app.store, operator, session),
      };
      return detail;
    },
  );

  await viewCountRoutes(app);

  app.rpc(PRESENCE_ROUTE, { summary: 'Whether the operator takes new conversations', params: NoParams, result: Presence, authorize }, async (_params, request) =>
    presenceOf(await app.requireOperator(request)),
  );

  app.rpc(
    SET_PRESENCE_ROUTE,
    { summary: 'Takes new conversations (available) or not (away)', params: SetPresenceParams, result: Presence, authorize },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      await app.store.setOperatorAway(operator.id, params.presence === 'away');
      app.availability.forget();
      return params.presence;
    },
  );
}
