import { randomUUID } from 'node:crypto';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusChannel } from '../../../protocol/livechat.js';
import { OFFLINE_FIELD_LIMITS, OFFLINE_MESSAGE_ROUTE } from '../../../protocol/offline-message.js';
import type { NewSessionPayload } from '../../../protocol/operator-console.js';
import { InvalidParamError, RpcError, TooManyRequestsError } from '../../core/rpc/errors.js';
import { Email, Id, MessageText, OptionalText, PostKey, textOr, toId } from '../../core/schemas/params.js';
import { plainTextToHtml, PostKeys } from '../../domain/conversations/index.js';
import { addressKey } from '../../core/limits/address.js';
import { parseEmailAddress } from '../../../protocol/email-address.js';
import { visitorPatch, type VisitorClaims } from '../../domain/visitors/index.js';
import { KyselyOfflineStore } from './offline-store.js';

const DAY = 24 * 3600_000;
const INVALID_EMAIL = 'Invalid email address';
const NO_CLAIMS: VisitorClaims = { id: undefined, hash: undefined, token: undefined, name: undefined, email: undefined, context: undefined, timeZone: undefined, language: undefined, pages: undefined };

/** Offline messages one client address may leave a day, on top of the per-minute limit. */
export const OFFLINE_MESSAGES_PER_ADDRESS_PER_DAY = 10;
/** How long a retry with the same key finds the message already stored. */
const KEY_MEMORY_MS = 15 * 60_000;

class NoOfflineFormError extends RpcError {
  constructor() {
    super('This channel does not take messages while nobody is online', 'user_error', undefined, 'livechat.OfflineFormOff');
  }
}

interface OfflineFields {
  name: string;
  email: string;
  message: string;
  postKey: string | null;
}

/** What the form sends, bounded and checked by shape before anything else happens. */
const OfflineParams = Type.Object({
  channel_id: Id(),
  name: Type.Optional(OptionalText(OFFLINE_FIELD_LIMITS.name, { description: 'The visitor’s name; empty or absent: the default visitor name' })),
  // The widget's own e-mail rule (SPEC.md §5) is applied to the trimmed value by the handler.
  email: Email(OFFLINE_FIELD_LIMITS.email, 'Where the answer is mailed'),
  message: MessageText(OFFLINE_FIELD_LIMITS.message),
  post_key: Type.Optional(PostKey),
});

/**
 * `/im_livechat/offline_message` {channel_id, name?, email, message, post_key?} → `true` (issue 14): a
 * visitor's message while nobody is online, on a channel whose offline mode is the message form. It
 * becomes an offline conversation, announced live to the channel's operators and mailed to them.
 * Bounded like every visitor route: per-address limits (a minute and a day) refuse the abuser, field
 * sizes, no control characters. Pressure on a channel from many addresses is absorbed, never passed on
 * to other visitors: every message within its address's allowance is stored, and the operators' mails
 * are capped per hour and digested (alerts/alert-service.ts). Only a safety bound per channel and day
 * (OFFLINE_MESSAGES_PER_DAY, far above any real traffic) refuses, logged and counted in /metrics. A
 * retry with the same `post_key` stores nothing more.
 */
export async function offlineMessageRoutes(app: FastifyInstance): Promise<void> {
  const offline = new KyselyOfflineStore(app.database.db, app.database.facts);
  const postKeys = new PostKeys(KEY_MEMORY_MS);

  const store = async (channelId: number, fields: OfflineFields, request: FastifyRequest): Promise<number> => {
    const now = app.clock.now();
    // Counted only for messages that will be stored: a refused field costs nothing of the allowance.
    await app.limits.take(`offline:address:${addressKey(request.ip)}`, OFFLINE_MESSAGES_PER_ADDRESS_PER_DAY, DAY);
    const channelDay = await app.limits.counters.hit(`offline:channel:${channelId}`, DAY, now);
    if (channelDay.count > app.config.offlineMessagesPerDay) {
      app.metrics.offlineMessagesOverChannelBound.inc();
      request.log.warn({ channel: channelId, bound: app.config.offlineMessagesPerDay }, 'offline message refused: the channel reached its daily safety bound');
      throw new TooManyRequestsError(Math.max(Math.ceil((channelDay.resetAt - now) / 1000), 1));
    }
    // The browser's own headers, as for a chat, so the visitor card can say what the visitor used.
    const { user_agent = null, language = null } = visitorPatch(NO_CLAIMS, request, true);
    const { session } = await offline.create(
      { uuid: randomUUID(), channel_id: channelId, anonymous_name: fields.name || 'Visitor', name_given: Boolean(fields.name), email: fields.email, body: plainTextToHtml(fields.message), post_key: fields.postKey, user_agent, language },
      now,
    );
    const announced: NewSessionPayload = { info: 'new_session', session: { id: session.id, name: session.name, anonymous_name: session.anonymous_name, visitor_label: visitorLabel(session), channel_id: channelId, origin: 'offline' } };
    const operators = await app.store.channelOperatorIds(channelId);
    await app.bus.publish(operators.map((id) => BusChannel.operator(id)), announced);
    // Its listeners (the operators' mail) run after the answer; the visitor does not wait for the mail server.
    app.events.emit('conversation.created', { sessionId: session.id, channelId, origin: 'offline', operatorId: null });
    return session.id;
  };

  app.visitorRpc(
    OFFLINE_MESSAGE_ROUTE,
    {
      summary: 'Leaves a message while nobody is online, on a channel whose offline form is on; true once stored',
      params: OfflineParams,
      result: Type.Literal(true),
      config: { rateLimit: { max: app.config.rateLimits.offlineMessage, timeWindow: 60_000 } },
    },
    async (params, request) => {
      const channelId = toId(params.channel_id);
      const email = parseEmailAddress(params.email);
      if (!email) throw new InvalidParamError(INVALID_EMAIL);
      const fields: OfflineFields = { name: textOr(params.name, '').trim(), email, message: params.message.trim(), postKey: params.post_key ?? null };
      const { channel } = await app.availability.get(channelId);
      if (!channel) throw new RpcError('This livechat channel does not exist', 'missing_error', undefined, 'livechat.MissingError');
      if (channel.offline_mode !== 'message_form') throw new NoOfflineFormError();
      const key = fields.postKey;
      if (key === null) {
        await store(channel.id, fields, request);
        return true as const;
      }
      // This process remembers keys in flight; the database answers for a retry that reached another process.
      await postKeys.once(channel.id, key, app.clock.now(), async () => {
        const earlier = await offline.findByKey(channel.id, key, app.clock.now() - KEY_MEMORY_MS);
        return earlier ? earlier.id : store(channel.id, fields, request);
      });
      return true as const;
    },
  );
}
