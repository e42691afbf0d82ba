import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusChannel, FIELD_LIMITS, PAGE_URL_MAX, PAGE_URL_PARAM, POST_KEY_PARAM, POST_KEY_PATTERN, type LivechatChannelOptions } from '../../protocol/livechat.js';
import { RpcError, type RpcParams } from '../plugins/jsonrpc.js';
import type { ServerConfig } from '../config.js';
import type { NewSessionPayload } from '../../protocol/operator-console.js';
import { isLiveChat, type ChannelRow, type ChatSessionRow, type OperatorRow, type VisitorSessionRow } from '../store/schema.js';
import { CHANNEL_DEFAULTS } from '../store/kysely-store.js';
import { DEFAULT_OFFLINE_TEXT } from '../../protocol/offline-message.js';
import { messageToWire, plainTextToHtml, sessionToWire } from '../livechat/format.js';
import { onlineOperators, pickOperator } from '../livechat/availability.js';
import { PostKeys } from '../livechat/post-keys.js';
import { matchRule } from '../livechat/rules.js';
import { urlsFor } from '../livechat/urls.js';
import { InvalidParamError, checkText, intParam, optionalIntParam, optionalStringParam, uuidParam } from '../livechat/params.js';
import { takeSessionQuota } from '../livechat/visitor-limits.js';
import { identityAnswer, identityKindOf, verifiedVisitorId, visitorClaims, visitorPatch } from '../livechat/visitor-claims.js';
import { resumeVerifiedSession, type SessionAnswer } from '../livechat/visitor-session.js';
import { visitorUploadPolicy } from '../livechat/upload-policy.js';

/** Default and largest `limit` of `/mail/chat_history` (SPEC.md §9). */
export const HISTORY_DEFAULT_LIMIT = 20;
export const HISTORY_MAX_LIMIT = 100;

/** The session a uuid names, or undefined for a malformed, unknown or closed one (no existence oracle). */
export async function openSession(app: FastifyInstance, params: RpcParams, key = 'uuid'): Promise<ChatSessionRow | undefined> {
  const uuid = uuidParam(params, key);
  if (!uuid) return undefined;
  const session = await app.store.getVisitorSessionByUuid(uuid);
  return session && session.closed_at === null && isLiveChat(session) ? session : undefined;
}

/**
 * The open session a call acts on: an operator names it by `session_id` and must be allowed to act in
 * it (operators never see a session's uuid, the visitor's credential); a visitor names it by its uuid.
 */
export async function sessionOfCaller(app: FastifyInstance, params: RpcParams, operator: OperatorRow | null): Promise<ChatSessionRow | undefined> {
  if (!operator) return openSession(app, params);
  const id = params.session_id;
  const session = typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? await app.store.getVisitorSession(id) : await openSession(app, params);
  // An offline message has no widget listening: it is answered by e-mail (routes/offline-reply.ts).
  if (!session || session.closed_at !== null || !isLiveChat(session) || !(await operatorMayAct(app, operator, session))) return undefined;
  return session;
}

/** May this logged-in operator speak in that session? Its operator, a member of its channel, or an admin. */
export async function operatorMayAct(app: FastifyInstance, operator: OperatorRow, session: VisitorSessionRow): Promise<boolean> {
  if (operator.is_admin || operator.id === session.operator_id) return true;
  return (await app.store.channelOperatorIds(session.channel_id)).includes(operator.id);
}

/**
 * The channel's widget options for `/im_livechat/init` (PROTOCOL.md §2.1 names the keys). `false` means
 * "not set": the widget then uses its own default in the page's language. A text still equal to the
 * English default the channel was created with counts as not set, so a French page keeps its French
 * button; an emptied welcome message stays `""` (no welcome bubble), an emptied button text or
 * placeholder is not set (both must name a control).
 */
export function channelOptions(channel: ChannelRow, uploadMaxBytes: number): LivechatChannelOptions {
  const text = (value: string, builtIn: string, emptyMeansNone = false): string | false => {
    if (value === builtIn) return false;
    if (value.trim() === '') return emptyMeansNone ? '' : false;
    return value;
  };
  const options: LivechatChannelOptions = {
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

/** Publishes a new message to the visitor, the session channel and the session's operator. */
export async function publishMessage(app: FastifyInstance, request: FastifyRequest, session: VisitorSessionRow, messageId: number): Promise<void> {
  const message = await app.store.getMessage(messageId);
  if (!message) return;
  const wire = messageToWire(message, session, urlsFor(request));
  await app.bus.publish(messageChannels(session), wire);
}

/** Where a new message of the session is announced: its visitor, the session and the session's operator. */
export function messageChannels(session: VisitorSessionRow): string[] {
  const channels = [BusChannel.visitor(session.uuid), BusChannel.session(session.id)];
  return session.operator_id === null ? channels : [...channels, BusChannel.operator(session.operator_id)];
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
    '/im_livechat/init',
    async (params, request) => {
      const channelId = intParam(params, 'channel_id');
      const pageUrl = optionalStringParam(params, PAGE_URL_PARAM, PAGE_URL_MAX, '');
      const { channel, online } = await app.availability.get(channelId);
      if (!channel) throw new RpcError('This livechat channel does not exist', 'missing_error', undefined, 'livechat.MissingError');
      // The options come with every answer: a visitor reopening a conversation reads them for its window
      // even while nobody is online.
      const options = channelOptions(channel, config.attachmentMaxBytes);
      if (!online) return { available_for_me: false, rule: {}, options };
      // The page the widget reports; the Referer only for older loaders (it carries only the origin when
      // the embedding page is on another origin, under the default referrer policy).
      const rule = matchRule(channel, pageUrl !== '' ? pageUrl : request.headers.referer);
      return { available_for_me: !('action' in rule && rule.action === 'hide_button'), rule, options };
    },
    { config: perMinute(config.rateLimits.init) },
  );

  // The React widget renders its own templates; the call exists for protocol compatibility (PROTOCOL.md §3.1).
  app.visitorRpc('/im_livechat/load_templates', async () => [], { config: perMinute(config.rateLimits.init) });

  app.visitorRpc(
    '/im_livechat/get_session',
    async (params, request) => {
      const channelId = intParam(params, 'channel_id');
      const claims = visitorClaims(params);
      const anonymousName = claims.name ?? (optionalStringParam(params, 'anonymous_name', FIELD_LIMITS.visitorName, 'Visitor').trim() || 'Visitor');
      let previousId: number | undefined;
      try {
        previousId = optionalIntParam(params, 'previous_operator_id');
      } catch {
        // The value comes from a cookie the visitor controls; a bad one only loses the preference.
        previousId = undefined;
      }
      const channel = await app.store.getChannel(channelId);
      if (!channel) return false;
      // A wrong hash refuses the call (identity_rejected): the widget then asks again without the identity.
      const verifiedId = await verifiedVisitorId(app.store, channel.id, claims);
      const visitor = { ...visitorPatch(claims, request, true), identity: identityKindOf(verifiedId, claims.name ?? null, claims.email ?? null), visitor_id: verifiedId ?? null };
      if (verifiedId !== undefined) {
        const resumed = await resumeVerifiedSession(app, channel.id, verifiedId, claims.name ? { ...visitor, anonymous_name: claims.name } : visitor, claims.pages);
        if (resumed) return resumed;
      }
      const now = app.clock.now();
      const operator = pickOperator(await onlineOperators(app.store, channel.id, now), previousId);
      if (!operator) return false;
      const session = await app.store.createVisitorSession(
        { uuid: randomUUID(), channel_id: channel.id, operator_id: operator.id, anonymous_name: anonymousName, name: `${anonymousName} ${operator.display_name}`, ...visitor },
        now,
      );
      if (claims.pages) await app.store.setPageHistory(session.id, claims.pages);
      const wire = sessionToWire(session, operator);
      // No uuid: it is the visitor's credential, and the operator addresses the session by id.
      const announced: NewSessionPayload = { info: 'new_session', session: { id: session.id, name: session.name, anonymous_name: anonymousName, channel_id: channel.id } };
      await app.bus.publish([BusChannel.operator(operator.id)], announced);
      const answer: SessionAnswer = { ...wire, ...identityAnswer(session) };
      return answer;
    },
    { config: perMinute(config.rateLimits.getSession) },
  );

}

/** A conversation's history and the visitor's (or operator's) posts. */
function conversationRoutes(app: FastifyInstance, config: ServerConfig): void {
  const postKeys = new PostKeys();

  app.visitorRpc(
    '/mail/chat_history',
    async (params, request) => {
      const requested = optionalIntParam(params, 'limit') ?? HISTORY_DEFAULT_LIMIT;
      const limit = Math.min(Math.max(requested, 1), HISTORY_MAX_LIMIT);
      const beforeId = optionalIntParam(params, 'last_id');
      const uuid = uuidParam(params);
      // A closed conversation's history stays readable to its visitor (the widget reloads it from the cookie).
      const session = uuid ? await app.store.getVisitorSessionByUuid(uuid) : undefined;
      if (!session) return [];
      const urls = urlsFor(request);
      // The visitor's messages an operator has read carry `seen` (issue 15), so "Seen" survives a reload.
      const seenUpTo = session.operator_seen_message_id ?? 0;
      return (await app.store.listMessages(session.id, limit, beforeId)).map((m) => {
        const wire = messageToWire(m, session, urls);
        return m.author_operator_id === null && m.id <= seenUpTo ? { ...wire, seen: true as const } : wire;
      });
    },
    { config: perMinute(config.rateLimits.chatHistory) },
  );

  app.visitorRpc(
    '/mail/chat_post',
    async (params, request) => {
      const content = params.message_content;
      if (typeof content !== 'string') throw new InvalidParamError('message_content must be a string');
      if (content.trim() === '') throw new InvalidParamError('The message is empty');
      if (content.length > config.messageMaxLength) {
        throw new InvalidParamError(`The message is too long: at most ${config.messageMaxLength} characters`);
      }
      checkText('message_content', content);
      const postKey = params[POST_KEY_PARAM];
      if (postKey !== undefined && postKey !== null && (typeof postKey !== 'string' || !POST_KEY_PATTERN.test(postKey))) {
        throw new InvalidParamError(`${POST_KEY_PARAM} must be 16 to 64 letters, digits, - or _`);
      }
      const operator = await app.currentOperator(request);
      const session = await sessionOfCaller(app, params, operator);
      if (!session) return false;
      if (!operator) await takeSessionQuota(app, 'chatPost', session.id);
      // A visitor's message starts the missed-chat clock (issue 14), unless one is already running.
      if (!operator) void app.alerts.chatPosted(session).catch((err: unknown) => request.log.error({ err }, 'arming the missed-chat check failed'));
      const urls = urlsFor(request);
      const authorName = operator ? operator.display_name : null;
      // The message and its notifications commit together, batched with concurrent posts (group commit);
      // a new message has no attachments yet, so its wire form needs no second read.
      const post = async (): Promise<number> => {
        const { message } = await app.bus.postMessage(
          { session_id: session.id, body: plainTextToHtml(content.trim()), author_operator_id: operator ? operator.id : null, post_key: typeof postKey === 'string' ? postKey : null },
          messageChannels(session),
          // The key goes out with the announcement: a widget that is still waiting for its answer matches it.
          (row) => ({ ...messageToWire({ ...row, author_name: authorName, attachments: [] }, session, urls), ...(typeof postKey === 'string' ? { [POST_KEY_PARAM]: postKey } : {}) }),
        );
        return message.id;
      };
      if (typeof postKey !== 'string') return post();
      // This process remembers keys in flight; the database answers for a retry that reached another process.
      return postKeys.once(session.id, postKey, app.clock.now(), async () => (await app.store.findMessageIdByPostKey(session.id, postKey)) ?? post());
    },
    { config: perMinute(config.rateLimits.chatPost) },
  );
}
