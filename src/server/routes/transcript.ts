import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { RpcError } from '../plugins/jsonrpc.js';
import { InvalidParamError, uuidParam } from '../livechat/params.js';
import { parseEmailAddress } from '../mail/email-address.js';
import { createMailer, MailDeliveryError } from '../mail/mailer.js';
import { buildTranscript } from '../mail/transcript.js';

/**
 * `/im_livechat/email_livechat_transcript` {uuid, email}: mails the conversation. No result on success;
 * a JSON-RPC error for an invalid address, an unknown session (same answer for a malformed uuid) or a
 * failed delivery, so the widget can show its error block.
 */
export async function transcriptRoutes(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  const mailer = createMailer({ smtpUrl: opts.config.smtpUrl, from: opts.config.mailFrom, dataDir: opts.config.dataDir, log: app.log });
  app.addHook('onClose', async () => mailer.close());

  app.visitorRpc(
    '/im_livechat/email_livechat_transcript',
    async (params, request) => {
      const to = parseEmailAddress(params.email);
      if (!to) throw new InvalidParamError('Invalid email address');
      const uuid = uuidParam(params);
      const session = uuid ? await app.store.getVisitorSessionByUuid(uuid) : undefined;
      const channel = session ? await app.store.getChannel(session.channel_id) : undefined;
      const operator = session ? await app.store.getOperator(session.operator_id) : undefined;
      if (!session || !channel || !operator) throw new RpcError('This conversation does not exist', 'missing_error', undefined, 'livechat.MissingError');
      const messages = await app.store.listMessages(session.id, 10_000);
      const mail = buildTranscript({ to, channel, session, operatorName: operator.display_name, messages });
      try {
        const delivery = await mailer.send(mail);
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
    { config: { rateLimit: { max: opts.config.rateLimits.transcript, timeWindow: 60_000 } } },
  );
}
