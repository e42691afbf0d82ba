import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusChannel, FIELD_LIMITS, RATES } from '../../../protocol/livechat.js';
import type { SessionRatedPayload } from '../../../protocol/operator-console.js';
import type { ServerConfig } from '../../core/config/config.js';
import { escapeHtml } from './format.js';
import { Coalescer } from '../../core/bus/coalescer.js';
import { openConversation, sessionByUuid, sessionOfCaller } from './conversations.js';
import { mayAnswer } from './conversation-access-store.js';
import { isLiveChat } from '../../core/db/tables.js';
import { PAGE_HISTORY_NOTICE_EVERY_MS, TYPING_NOTICE_EVERY_MS, takeSessionQuota, windowGate } from '../visitors/visitor-limits.js';
import { PageHistorySchema, checkPageAddresses } from '../visitors/page-history.js';
import { AnyJson, OperatorSessionId, Bool, OneOf, OptionalText, SessionUuid, textOr } from '../../core/schemas/params.js';
import { FEEDBACK_ROUTE, HISTORY_ROUTE, NOTIFY_TYPING_ROUTE } from '../../../protocol/routes.js';

interface TypingNotice {
  sessionId: number;
  isTyping: boolean;
  operatorId: number | null;
  uuid: string;
}

/**
 * The repeatable signals, coalesced: each conversation's typing notices and page histories reach the
 * bus at most once per window, the latest one winning.
 */
function signalNotices(app: FastifyInstance) {
  const logFailure = (err: unknown) => app.log.warn({ err }, 'a coalesced notice could not be published');

  const typing = new Coalescer<TypingNotice>(
    windowGate(app, 'typing', TYPING_NOTICE_EVERY_MS),
    async (_key, notice) => {
      await app.bus.publish([BusChannel.visitor(notice.uuid), BusChannel.session(notice.sessionId)], {
        info: 'typing_status',
        partner_id: notice.operatorId ?? 0,
        is_typing: notice.isTyping,
        is_website_user: notice.operatorId === null,
      });
    },
    logFailure,
  );
  const pageHistory = new Coalescer<{ sessionId: number; pages: string[]; operatorId: number }>(
    windowGate(app, 'page-history', PAGE_HISTORY_NOTICE_EVERY_MS),
    async (_key, { sessionId, pages, operatorId }) => {
      const body = pages.length
        ? `<span class="o_mail_notification"><ul>${pages.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></span>`
        : 'No history found';
      await app.bus.publish([BusChannel.operator(operatorId)], { info: 'transient_message', body, channel_ids: [sessionId], pages });
    },
    logFailure,
  );
  return { typing, pageHistory };
}

/**
 * The visitor's signals (SPEC.md §7): typing, rating and page history. Each is bounded per address and
 * per session, and the repeatable ones are coalesced, so no call rate grows the database or an
 * operator's bus beyond the figures README "Security" states.
 */
export async function widgetSignalRoutes(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  const { config } = opts;
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
  const { typing, pageHistory } = signalNotices(app);
  app.addHook('preClose', async () => {
    typing.close();
    pageHistory.close();
  });

  app.visitorRpc(
    NOTIFY_TYPING_ROUTE,
    {
      summary: 'The caller started or stopped typing; told to the other side at most once per window',
      params: Type.Object({ is_typing: Bool(), uuid: Type.Optional(SessionUuid()), session_id: Type.Optional(OperatorSessionId) }),
      config: perMinute(config.rateLimits.typing),
    },
    async (params, request: FastifyRequest) => {
      const operator = await app.currentOperator(request);
      const session = await sessionOfCaller(app, params, operator);
      if (!session) return undefined;
      // A supervisor only looking on writes notes, and the visitor is never told of a note's typing.
      if (operator && !(await mayAnswer(app.store, operator, session))) return undefined;
      if (!operator) await takeSessionQuota(app, 'typing', session.id);
      // Each speaker of a conversation has its own window: the visitor's typing never holds back the operator's.
      const speaker = operator ? operator.id : 0;
      await typing.offer(`${session.id}:${speaker}`, { sessionId: session.id, isTyping: params.is_typing, operatorId: operator ? operator.id : null, uuid: session.uuid });
      return undefined;
    },
  );

  app.visitorRpc(
    FEEDBACK_ROUTE,
    {
      summary: 'Rates the conversation (also after it was closed); the rating’s id, or false for an unknown conversation',
      params: Type.Object({
        rate: OneOf(RATES, 'rate must be 5, 3 or 1', { description: '5 happy, 3 neutral, 1 sad' }),
        reason: Type.Optional(OptionalText(FIELD_LIMITS.ratingReason)),
        uuid: SessionUuid(),
      }),
      result: Type.Union([Type.Integer(), Type.Literal(false)]),
      config: perMinute(config.rateLimits.feedback),
    },
    async (params) => {
      const { rate } = params;
      const reason = textOr(params.reason, '');
      // Feedback comes after the conversation, possibly after the operator closed it.
      const session = await sessionByUuid(app, params.uuid);
      if (!session || !isLiveChat(session)) return false;
      await takeSessionQuota(app, 'feedback', session.id);
      const rating = await app.store.upsertRating(session.id, rate, reason, app.clock.now());
      // Consoles show the rating and update their statistics live (issue 7); the visitor's channel is not told.
      const rated: SessionRatedPayload = { info: 'session_rated', session_id: session.id, rate, reason };
      await app.bus.publish([BusChannel.session(session.id), BusChannel.operator(session.operator_id)], rated);
      app.events.emit('session.rated', { sessionId: session.id, channelId: session.channel_id, ratingId: rating.id, rate });
      return rating.id;
    },
  );

  app.visitorRpc(
    HISTORY_ROUTE,
    {
      summary: 'The pages the visitor saw, for the operator who asked (history_command)',
      params: Type.Object({
        page_history: PageHistorySchema,
        pid: Type.Optional(AnyJson('The operator who asked (PROTOCOL.md §3.9); the session’s own operator is told')),
        channel_uuid: SessionUuid(),
      }),
      result: Type.Literal(true),
      config: perMinute(config.rateLimits.pageHistory),
    },
    async (params) => {
      const pages = checkPageAddresses(params.page_history);
      // Also while the conversation waits in the queue: the operator who takes it reads the stored pages.
      const session = await openConversation(app, params.channel_uuid);
      if (!session) return true as const;
      await takeSessionQuota(app, 'pageHistory', session.id);
      // The newest history replaces the stored one; the operator hears of it at most once per window.
      await app.store.setPageHistory(session.id, pages);
      if (session.operator_id !== null) await pageHistory.offer(String(session.id), { sessionId: session.id, pages, operatorId: session.operator_id });
      return true as const;
    },
  );
}
