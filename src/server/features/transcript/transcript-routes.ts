import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../core/config/config.js';
import { InvalidParamError, RpcError } from '../../core/rpc/errors.js';
import { sessionByUuid } from '../../domain/conversations/index.js';
import { Email, SessionUuid } from '../../core/schemas/params.js';
import { comparableEmailAddress, parseEmailAddress } from '../../../protocol/email-address.js';
import { MailDeliveryError } from '../../core/mail/mailer.js';
import { buildTranscript, TRANSCRIPT_LIMITS } from './transcript-mail.js';
import { EMAIL_TRANSCRIPT_ROUTE } from '../../../protocol/routes.js';

const DAY = 24 * 3600_000;
const HOUR = 3600_000;

class NoConversationError extends RpcError {
  constructor() {
    super('This conversation does not exist', 'missing_error', undefined, 'livechat.MissingError');
  }
}

/** No operator has written yet: the mail would only relay what the visitor typed; the widget shows its error block. */
class NotAnsweredError extends RpcError {
  constructor() {
    super('This conversation can be mailed once an operator has answered', 'user_error', undefined, 'livechat.TranscriptNotAnswered');
  }
}

/**
 * `/im_livechat/email_livechat_transcript` {uuid, email}: mails the conversation. No result on success;
 * a JSON-RPC error for an invalid address, an unknown session (same answer for a malformed uuid), one
 * ended too long ago, a used-up allowance, or a failed delivery, so the widget can show its error block.
 * Bounded so the route is neither an amplifier nor a relay (issue 11): while the session is open or
 * shortly after, once an operator has written in it, its last messages only with the visitor's links
 * defanged, two mails per session and a few per recipient (whatever its `+tag`) a day, and a cap per
 * channel and hour (TRANSCRIPTS_PER_CHANNEL_PER_HOUR).
 */
export async function transcriptRoutes(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  app.visitorRpc(
    EMAIL_TRANSCRIPT_ROUTE,
    {
      summary: 'Mails the conversation to an address; no result on success',
      params: Type.Object({ email: Email(1024, 'The recipient’s address'), uuid: SessionUuid() }),
      config: { rateLimit: { max: opts.config.rateLimits.transcript, timeWindow: 60_000 } },
    },
    async (params, request) => {
      const to = parseEmailAddress(params.email);
      if (!to) throw new InvalidParamError('Invalid email address');
      const session = await sessionByUuid(app, params.uuid);
      const now = app.clock.now();
      if (!session || (session.closed_at !== null && now - session.closed_at > TRANSCRIPT_LIMITS.afterCloseMs)) throw new NoConversationError();
      const channel = await app.store.getChannel(session.channel_id);
      const operator = session.operator_id === null ? undefined : await app.store.getOperator(session.operator_id);
      if (!channel || !operator) throw new NoConversationError();
      if (!(await app.store.conversations.answered(session.id))) throw new NotAnsweredError();
      // Counted before anything is built, so refused calls cost one counter each.
      await app.limits.take(`transcript:session:${session.id}`, TRANSCRIPT_LIMITS.perSessionPerDay, DAY);
      await app.limits.take(`transcript:to:${comparableEmailAddress(to)}`, TRANSCRIPT_LIMITS.perRecipientPerDay, DAY);
      await app.limits.take(`transcript:channel:${channel.id}`, opts.config.transcriptsPerChannelPerHour, HOUR);
      const messages = await app.store.listMessages(session.id, TRANSCRIPT_LIMITS.messages);
      const mail = buildTranscript({ to, channel, session, operatorName: operator.display_name, messages });
      try {
        const delivery = await app.mailer.send(mail);
        request.log.info({ session: session.id, delivery: delivery.kind }, 'transcript sent');
      } catch (err) {
        if (err instanceof MailDeliveryError) {
          request.log.warn({ err: err.message }, 'transcript delivery failed');
          throw new RpcError('The conversation could not be sent', 'user_error', undefined, 'livechat.MailDeliveryError');
        }
        throw err;
      }
      return undefined;
    },
  );
}
