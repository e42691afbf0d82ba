import { randomUUID } from 'node:crypto';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import { BusChannel, FIELD_LIMITS, PAGE_URL_MAX, PAGE_URL_PARAM, POST_KEY_PARAM } from '../../../protocol/livechat.js';
import { RpcError } from '../../core/rpc/errors.js';
import type { ServerConfig } from '../../core/config/config.js';
import type { NewSessionPayload } from '../../../protocol/operator-console.js';
import { isQueuedChat, type ChannelRow, type VisitorSessionRow } from '../../core/db/tables.js';
import type { NewVisitorSession } from '../store/store.js';
import { DEFAULT_OFFLINE_TEXT } from '../../../protocol/offline-message.js';
import { CHANNEL_DEFAULTS } from '../store/kysely-store.js';
import { messageToWire, plainTextToHtml, sessionToWire } from './format.js';
import { onlineOperators, pickOperator, type RoutingPreferences } from '../channels/availability.js';
import { messageChannels, openConversation, sessionByUuid, sessionOfCaller } from './conversations.js';
import { ReplyRefusedError, mayAnswer } from './conversation-access-store.js';
import { PostKeys } from './post-keys.js';
import { matchRule } from '../channels/rules.js';
import { urlsFor } from '../../core/http/urls.js';
import { takeSessionQuota } from '../visitors/visitor-limits.js';
import { identityAnswer, identityKindOf, provenFields, verifiedIdentity, visitorClaims, visitorPatch } from '../visitors/visitor-claims.js';
import { resumeVerifiedSession, type SessionAnswer } from '../visitors/visitor-session.js';
import { visitorUploadPolicy } from '../attachments/upload-policy.js';
import { AnyJson, OperatorSessionId, PostKey, Id, MessageText, OptionalId, OptionalText, SessionUuid, lenientId, textOr, toId, toOptionalId } from '../../core/schemas/params.js';
import { ChatMessageSchema } from '../../../protocol/schemas/livechat.js';
import { ConversationStateAnswerSchema, InitResultSchema, SessionAnswerSchema, type WireChannelOptions } from './livechat-schemas.js';
import { CONVERSATION_STATE_ROUTE, type ConversationStateAnswer } from '../../../protocol/conversation-state.js';
import { VisitorParamProperties } from '../visitors/visitor-schemas.js';
import { CHAT_HISTORY_ROUTE, CHAT_POST_ROUTE, GET_SESSION_ROUTE, INIT_ROUTE, LOAD_TEMPLATES_ROUTE } from '../../../protocol/routes.js';

/** Default and largest `limit` of `/mail/chat_history` (SPEC.md §9). */
export const HISTORY_DEFAULT_LIMIT = 20;
export const HISTORY_MAX_LIMIT = 100;

/**
 * The channel's widget options for `/im_livechat/init` (PROTOCOL.md §2.1 names the keys). `false` means
 * "not set": the widget then uses its own default in the page's language. A text still equal to the
 * English default the channel was created with counts as not set, so a French page keeps its French
 * button; an emptied welcome message stays `""` (no welcome bubble), an emptied button text or
 * placeholder is not set (both must name a control).
 */
export function channelOptions(channel: ChannelRow, uploadMaxBytes: number): WireChannelOptions {
  const text = (value: string, builtIn: string, emptyMeansNone = false): string | false => {
    if (value === builtIn) return false;
    if (value.trim() === '') return emptyMeansNone ? '' : false;
    return value;
  };
  const options: WireChannelOptions = {
    button_text: text(channel.button_text, CHANNEL_DEFAULTS.button_text),
    default_message: text(channel.default_message, CHANNEL_DEFAULTS.default_message, true),
    input_placeholder: text(channel.input_placeholder, CHANNEL_DEFAULTS.input_placeholder),
    button_background_color: channel.button_background_color ?? false,
    button_text_color: channel.button_text_color ?? false,
    header_background_color: channel.header_background_color ?? false,
    title_color: channel.title_color ?? false,
    // Only when on: answers for channels without the form stay as they were.
    ...(channel.prechat_form !== 'off' ? { prechat_form: channel.prechat_form } : {}),
    visitor_upload: visitorUploadPolicy(channel, uploadMaxBytes),
  };
  // Only a channel that shows the offline form says so: the SPEC's answer stays as it was for the others.
  if (channel.offline_mode !== 'message_form') return options;
  return { ...options, offline_mode: 'message_form', offline_text: text(channel.offline_text, DEFAULT_OFFLINE_TEXT) };
}

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** The visitor-facing routes of SPEC.md §7 (CORS for ALLOWED_ORIGINS, no credentials). */
export async function widgetRoutes(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  openingRoutes(app, opts.config);
  conversationRoutes(app, opts.config);
}

/** Availability, templates and a new conversation. */
function openingRoutes(app: FastifyInstance, config: ServerConfig): void {
  app.visitorRpc(
    INIT_ROUTE,
    {
      summary: 'Whether the chat button shows on this page, with the channel’s rule and options',
      params: Type.Object({ channel_id: Id(), [PAGE_URL_PARAM]: Type.Optional(OptionalText(PAGE_URL_MAX, { description: 'The page the widget runs on; the Referer when absent' })) }),
      result: InitResultSchema,
      // The widget's first call: a site missing from ALLOWED_ORIGINS learns why from its refusal.
      config: { ...perMinute(config.rateLimits.init), refusalReadable: true },
    },
    async (params, request) => {
      const pageUrl = textOr(params[PAGE_URL_PARAM], '');
      const { channel, online, closed } = await app.availability.get(toId(params.channel_id));
      if (!channel) throw new RpcError('This livechat channel does not exist', 'missing_error', undefined, 'livechat.MissingError');
      // The options come with every answer: a visitor reopening a conversation reads them for its window
      // even while nobody is online.
      const options = channelOptions(channel, config.attachmentMaxBytes);
      // The reopening time only when a gate (business hours) closed the channel: other answers stay as SPEC.md's.
      if (!online) return { available_for_me: false, rule: {}, options: closed?.reopensAt !== undefined ? { ...options, reopens_at: closed.reopensAt } : options };
      // The page the widget reports; the Referer only for older loaders (it carries only the origin when
      // the embedding page is on another origin, under the default referrer policy).
      const rule = matchRule(channel, pageUrl !== '' ? pageUrl : request.headers.referer);
      return { available_for_me: !('action' in rule && rule.action === 'hide_button'), rule, options };
    },
  );

  // The React widget renders its own templates; the call exists for protocol compatibility (PROTOCOL.md §3.1).
  app.visitorRpc(
    LOAD_TEMPLATES_ROUTE,
    { summary: 'No templates: the widget renders its own', params: Type.Object({}), result: Type.Array(Type.Never()), config: perMinute(config.rateLimits.init) },
    async () => [],
  );

  app.visitorRpc(
    GET_SESSION_ROUTE,
    {
      summary: 'Opens a conversation with an available operator of the channel; false when nobody is available',
      params: Type.Object({
        channel_id: Id(),
        anonymous_name: Type.Optional(OptionalText(FIELD_LIMITS.visitorName, { description: 'The visitor’s name; “Visitor” when not given' })),
        // Read leniently (lenientId): it comes from a cookie the visitor controls, and a bad one only loses the preference.
        previous_operator_id: Type.Optional(AnyJson('The operator of the visitor’s previous conversation, preferred when available')),
        // Who the visitor is (issue 14): a verified visitor's open conversation is resumed; a wrong hash refuses the call.
        ...VisitorParamProperties,
      }),
      result: Type.Union([SessionAnswerSchema, Type.Literal(false)]),
      config: perMinute(config.rateLimits.getSession),
    },
    async (params, request) => {
      const claims = visitorClaims(params);
      const channel = await app.store.getChannel(toId(params.channel_id));
      if (!channel) return false;
      // A wrong hash or token refuses the call (identity_rejected): the widget then asks again without the identity.
      const verified = await verifiedIdentity(app.store, channel.id, claims, app.clock.now());
      const base = { ...visitorPatch(claims, request, true), identity: 'verified' as const };
      if (verified !== undefined) {
        const resumed = await resumeVerifiedSession(app, channel.id, verified, claims, { ...base, visitor_id: verified.id });
        if (resumed) return resumed;
      }
      const fields = provenFields(claims, verified);
      const anonymousName = fields.name ?? (textOr(params.anonymous_name, 'Visitor').trim() || 'Visitor');
      const visitor = { ...base, ...fields.patch, identity: identityKindOf(verified, fields), visitor_id: verified?.id ?? null };
      const now = app.clock.now();
      // Outside the channel's hours (or another gate) nobody answers, whoever is online.
      if (!(await app.availability.gates.check(channel.id, now)).open) {
        await app.store.recordRefusal(channel.id, now);
        return false;
      }
      // The visitor's language is the one the visitor card shows: the widget's `language`, else the browser's Accept-Language.
      const preferences = { previousOperatorId: lenientId(params.previous_operator_id), language: visitor.language ?? undefined };
      const opening: Opening = { fields: { anonymous_name: anonymousName, name_given: fields.name === undefined ? 0 : 1, ...visitor }, pages: claims.pages, preferences };
      return startConversation(app, channel, opening, now);
    },
  );
}

/** What a new conversation starts from: the visitor's columns, the pages they saw, their routing preferences. */
interface Opening {
  fields: Omit<NewVisitorSession, 'uuid' | 'channel_id' | 'operator_id' | 'name'>;
  pages: string[] | undefined;
  preferences: RoutingPreferences;
}

/**
 * Opens the conversation with the operator the routing rule picks; when operators are online but every
 * one is at capacity, lets it wait in the channel's queue (issue 26) if a waiting room is registered and
 * has room; false otherwise (SPEC.md §8's "No available collaborator").
 */
async function startConversation(app: FastifyInstance, channel: ChannelRow, opening: Opening, now: number): Promise<SessionAnswer | false> {
  const candidates = await onlineOperators(app.store, channel.id, now);
  const operator = pickOperator(candidates, opening.preferences);
  const create = async (to: { id: number; display_name: string } | undefined): Promise<VisitorSessionRow> => {
    const anonymousName = opening.fields.anonymous_name;
    const name = to ? `${anonymousName} ${to.display_name}` : anonymousName;
    const session = await app.store.createVisitorSession({ ...opening.fields, uuid: randomUUID(), channel_id: channel.id, operator_id: to ? to.id : null, name }, now);
    if (opening.pages) await app.store.setPageHistory(session.id, opening.pages);
    return session;
  };
  const room = candidates.length > 0 ? app.waitingRoom.current : undefined;
  // First come, first served: while others wait, a newcomer queues behind them, and the free slot goes to the head.
  if (!operator || (room && (await room.hasWaiting(channel.id)))) {
    const admitted = await room?.admit(channel, async () => {
      const session = await create(undefined);
      app.events.emit('conversation.created', { sessionId: session.id, channelId: channel.id, origin: 'chat', operatorId: null });
      return session;
    });
    if (!admitted) {
      await app.store.recordRefusal(channel.id, now);
      return false;
    }
    // No operator yet: the channel names the window until one picks the conversation up.
    return { ...sessionToWire(admitted.session, { id: 0, display_name: channel.name }), ...identityAnswer(admitted.session), queue: admitted.place };
  }
  const session = await create(operator);
  // No uuid: it is the visitor's credential, and the operator addresses the session by id.
  const announced: NewSessionPayload = { info: 'new_session', session: { id: session.id, name: session.name, anonymous_name: session.anonymous_name, visitor_label: visitorLabel(session), channel_id: channel.id } };
  await app.bus.publish([BusChannel.operator(operator.id)], announced);
  app.events.emit('conversation.created', { sessionId: session.id, channelId: channel.id, origin: 'chat', operatorId: operator.id });
  return { ...sessionToWire(session, operator), ...identityAnswer(session) };
}

/** A conversation's history and the visitor's (or operator's) posts. */
function conversationRoutes(app: FastifyInstance, config: ServerConfig): void {
  const postKeys = new PostKeys();

  app.visitorRpc(
    CHAT_HISTORY_ROUTE,
    {
      summary: 'A conversation’s messages, newest first; [] for an unknown conversation',
      params: Type.Object({
        limit: Type.Optional(OptionalId({ description: `At most this many (1 to ${HISTORY_MAX_LIMIT}; ${HISTORY_DEFAULT_LIMIT} when not given)` })),
        last_id: Type.Optional(OptionalId({ description: 'Only messages older than this one' })),
        uuid: SessionUuid(),
      }),
      result: Type.Array(ChatMessageSchema),
      config: perMinute(config.rateLimits.chatHistory),
    },
    async (params, request) => {
      const limit = Math.min(Math.max(toOptionalId(params.limit) ?? HISTORY_DEFAULT_LIMIT, 1), HISTORY_MAX_LIMIT);
      // A closed conversation's history stays readable to its visitor (the widget reloads it from the cookie).
      const session = await sessionByUuid(app, params.uuid);
      if (!session) return [];
      const urls = urlsFor(request);
      // The visitor's messages an operator has read carry `seen` (issue 15), so "Seen" survives a reload.
      const seenUpTo = session.operator_seen_message_id ?? 0;
      return (await app.store.listMessages(session.id, limit, toOptionalId(params.last_id))).map((m) => {
        const wire = messageToWire(m, session, urls);
        return m.author_operator_id === null && m.id <= seenUpTo ? { ...wire, seen: true as const } : wire;
      });
    },
  );

  app.visitorRpc(
    CONVERSATION_STATE_ROUTE,
    {
      summary: 'Whether a conversation still takes messages: open, or closed (also for an unknown one)',
      params: Type.Object({ uuid: SessionUuid() }),
      result: ConversationStateAnswerSchema,
      // Asked with the history on every reload, so it shares the history's allowance.
      config: perMinute(config.rateLimits.chatHistory),
    },
    async (params) => {
      const session = await openConversation(app, params.uuid);
      if (!session) return { state: 'closed' } satisfies ConversationStateAnswer;
      // A widget reloaded while its visitor waits learns its place again.
      const place = isQueuedChat(session) ? await app.waitingRoom.current?.placeOf(session) : undefined;
      const answer: ConversationStateAnswer = place ? { state: 'open', queue: place } : { state: 'open' };
      return answer;
    },
  );

  app.visitorRpc(
    CHAT_POST_ROUTE,
    {
      summary: 'Posts a message; its id, or false when the conversation is unknown or closed',
      params: Type.Object({
        message_content: MessageText(config.messageMaxLength),
        [POST_KEY_PARAM]: Type.Optional(PostKey),
        uuid: Type.Optional(SessionUuid()),
        session_id: Type.Optional(OperatorSessionId),
      }),
      result: Type.Union([Type.Integer(), Type.Literal(false)]),
      config: perMinute(config.rateLimits.chatPost),
    },
    async (params, request) => {
      const content = params.message_content;
      const postKey = params[POST_KEY_PARAM] ?? undefined;
      const operator = await app.currentOperator(request);
      const session = await sessionOfCaller(app, params, operator);
      if (!session) return false;
      if (operator && !(await mayAnswer(app.store, operator, session))) throw new ReplyRefusedError();
      if (!operator) await takeSessionQuota(app, 'chatPost', session.id);
      const urls = urlsFor(request);
      const authorName = operator ? operator.display_name : null;
      // The message and its notifications commit together, batched with concurrent posts (group commit);
      // a new message has no attachments yet, so its wire form needs no second read.
      const post = async (): Promise<number> => {
        const { message } = await app.bus.postMessage(
          { session_id: session.id, body: plainTextToHtml(content.trim()), author_operator_id: operator ? operator.id : null, post_key: postKey ?? null },
          messageChannels(session),
          // The key goes out with the announcement: a widget that is still waiting for its answer matches it.
          (row) => ({ ...messageToWire({ ...row, author_name: authorName, attachments: [] }, session, urls), ...(postKey !== undefined ? { [POST_KEY_PARAM]: postKey } : {}) }),
        );
        const author = operator ? ('operator' as const) : ('visitor' as const);
        app.events.emit('message.posted', { sessionId: session.id, channelId: session.channel_id, messageId: message.id, author, operatorId: operator ? operator.id : null, status: session.status, participants: session.participant_count });
        return message.id;
      };
      if (postKey === undefined) return post();
      // This process remembers keys in flight; the database answers for a retry that reached another process.
      return postKeys.once(session.id, postKey, app.clock.now(), async () => (await app.store.findMessageIdByPostKey(session.id, postKey)) ?? post());
    },
  );
}
