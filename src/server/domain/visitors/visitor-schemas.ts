import Type from 'typebox';
import { VISITOR_LIMITS } from '../../../protocol/visitor.js';
import { PageHistorySchema } from './page-history.js';
import { ChatMessageSchema, IdentityAnswerProperties } from '../../../protocol/schemas/livechat.js';
import { ERROR_MESSAGES, OptionalText, Text } from '../../core/schemas/params.js';
import { TEXT_PATTERN } from '../../core/schemas/text.js';

/**
 * Schemas of issue 14's visitor identity: the visitor fields a widget sends with
 * `/im_livechat/get_session` and `/im_livechat/visitor_update`, and the answers of the identity routes.
 * What JSON Schema cannot say (an e-mail address, a known time zone, a language tag, the HMAC) the
 * handlers check (livechat/visitor-claims.ts).
 */

const CONTEXT_PROBLEM = `context must be an object of at most ${VISITOR_LIMITS.contextEntries} texts of at most ${VISITOR_LIMITS.contextValue} characters, under keys of 1 to ${VISITOR_LIMITS.contextKey} characters`;

/** The host page's context values: at most 20 texts under text keys; no key a JavaScript object treats specially. */
export const VisitorContextSchema = Type.Unsafe<Record<string, string> | null>({
  type: ['object', 'null'],
  maxProperties: VISITOR_LIMITS.contextEntries,
  propertyNames: { minLength: 1, maxLength: VISITOR_LIMITS.contextKey, pattern: TEXT_PATTERN, not: { enum: ['__proto__', 'constructor', 'prototype'] } },
  additionalProperties: { type: 'string', maxLength: VISITOR_LIMITS.contextValue, pattern: TEXT_PATTERN },
  description: 'Context values the host page attaches (plan, order number…), shown to the operator; null clears them',
  examples: [{ plan: 'Pro', order: 'A-1001' }],
  [ERROR_MESSAGES]: { default: CONTEXT_PROBLEM },
});

/** The visitor fields, all optional: left out is unchanged; `null` clears the e-mail address or the context. */
export const VisitorParamProperties = {
  visitor_id: Type.Optional(OptionalText(VISITOR_LIMITS.id, { description: 'The host’s id of a signed-in visitor; needs visitor_hash or visitor_token (whose sub it must be)' })),
  visitor_hash: Type.Optional(OptionalText(128, { description: 'Hex HMAC-SHA256 of visitor_id keyed by the channel’s identity secret: proves the id alone' })),
  visitor_token: Type.Optional(
    OptionalText(VISITOR_LIMITS.token, { description: 'JWT, HS256 under the channel’s identity secret: proves sub and the name and email claims it carries; exp required, at most 24 h ahead' }),
  ),
  visitor_name: Type.Optional(OptionalText(VISITOR_LIMITS.name, { description: 'The visitor’s name: their own word, ignored once a token has verified one' })),
  visitor_email: Type.Optional(OptionalText(VISITOR_LIMITS.email + 7, { description: 'The visitor’s e-mail address: their own word, ignored once a token has verified one' })),
  context: Type.Optional(VisitorContextSchema),
  time_zone: Type.Optional(Text(VISITOR_LIMITS.timeZone, { description: 'The visitor’s IANA time zone, for their local time' })),
  language: Type.Optional(Text(VISITOR_LIMITS.language, { description: 'The visitor’s language tag (BCP 47)' })),
  page_history: Type.Optional(PageHistorySchema),
};

/** Who a conversation's visitor is, as the widget learns it. */
export const VisitorIdentityAnswerSchema = Type.Object(IdentityAnswerProperties);

/** A verified visitor's earlier conversation, with its newest messages. */
export const EarlierConversationSchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.Integer({ description: 'Epoch milliseconds' }),
  closed_at: Type.Union([Type.Integer(), Type.Null()]),
  messages: Type.Array(ChatMessageSchema, { description: 'Oldest first' }),
});
