import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import { BusChannel } from '../../../protocol/livechat.js';
import { RpcError } from '../../core/rpc/errors.js';
import { toId } from '../../core/schemas/params.js';
import { replyByEmailParams } from '../../../protocol/schemas/console-params.js';
import { mayRead, messageToWire, plainTextToHtml } from '../../domain/conversations/index.js';
import { urlsFor } from '../../core/http/urls.js';
import { MailDeliveryError } from '../../core/mail/mailer.js';
import { offlineReplyMail } from './offline-reply-mail.js';
import { REPLY_BY_EMAIL_ROUTE } from '../../../protocol/console/routes.js';

/** Answers one operator may mail a minute: the route sends mail, so it is bounded like one. */
export const OFFLINE_REPLIES_PER_MINUTE = 30;

class NotAnOfflineMessageError extends RpcError {
  constructor() {
    super('This conversation does not exist or is not an offline message of your channels', 'missing_error', undefined, 'livechat.MissingError');
  }
}

/**
 * `reply_by_email` (protocol/console/routes.ts) {session_id, message} → the stored message's id (issue 14): an
 * operator of the channel answers an offline message. The answer is mailed to the address the visitor
 * gave, then stored in the conversation and shown live in every console of the channel. When the mail
 * cannot be sent, nothing is stored and the console keeps the text to try again.
 */
export async function offlineReplyRoutes(app: FastifyInstance): Promise<void> {
  app.rpc(
    REPLY_BY_EMAIL_ROUTE,
    {
      summary: 'An operator answers an offline message by e-mail; the stored message’s id',
      params: replyByEmailParams({ messageMaxLength: app.config.messageMaxLength }),
      result: Type.Integer(),
      authorize: (request) => app.requireOperator(request),
    },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      const session = await app.store.getVisitorSession(toId(params.session_id));
      if (!session || session.origin !== 'offline' || !session.email || !(await mayRead(app.store, operator, session))) throw new NotAnOfflineMessageError();
      const channel = await app.store.getChannel(session.channel_id);
      if (!channel) throw new NotAnOfflineMessageError();
      await app.limits.take(`offline-reply:operator:${operator.id}`, OFFLINE_REPLIES_PER_MINUTE, 60_000);
      const [original] = (await app.store.listMessages(session.id, 100)).filter((m) => m.author_operator_id === null).slice(-1);
      const answer = params.message.trim();
      try {
        await app.mailer.send(offlineReplyMail({ to: session.email, channel, operatorName: operator.display_name, answer, original }));
      } catch (err) {
        if (!(err instanceof MailDeliveryError)) throw err;
        request.log.warn({ err: err.message, session: session.id }, 'offline reply delivery failed');
        throw new RpcError('The answer could not be sent by e-mail', 'user_error', undefined, 'livechat.MailDeliveryError');
      }
      const urls = urlsFor(request);
      const members = await app.store.channelOperatorIds(session.channel_id);
      const channels = [BusChannel.session(session.id), ...new Set([...members, operator.id].map((id) => BusChannel.operator(id)))];
      const { message } = await app.bus.postMessage({ session_id: session.id, body: plainTextToHtml(answer), author_operator_id: operator.id }, channels, (row) =>
        messageToWire({ ...row, author_name: operator.display_name, attachments: [] }, session, urls),
      );
      app.events.emit('message.posted', { sessionId: session.id, channelId: session.channel_id, messageId: message.id, author: 'operator', operatorId: operator.id, status: session.status, participants: session.participant_count });
      return message.id;
    },
  );
}
