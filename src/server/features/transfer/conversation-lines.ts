import type { FastifyInstance } from 'fastify';
import { BusChannel } from '../../../protocol/livechat.js';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import type { ConversationInvitedPayload, ConversationReceivedPayload, OperatorChangedPayload, ParticipantsChangedPayload } from '../../../protocol/console/transfer.js';
import { resolveLanguage } from '../../core/i18n/translations.js';
import type { VisitorSessionRow } from '../../core/db/tables.js';
import { escapeHtml, messageChannels, messageToWire } from '../../domain/conversations/index.js';

/** The locale keys of the thread's system lines; the visitor's widget shows them as they are stored. */
const LINE_KEYS = { joined: 'widget.thread.operatorJoined', left: 'widget.thread.operatorLeft' } as const;

/** A line's text in the visitor's language (the one its widget asked in), English when unknown. */
function lineText(app: FastifyInstance, session: VisitorSessionRow, kind: keyof typeof LINE_KEYS, name: string): string {
  const lang = resolveLanguage(session.language ?? undefined, app.locales.languages);
  const catalog = app.locales.body(lang).modules as { livechat: { messages: { id: string; string: string }[] } };
  const template = catalog.livechat.messages.find((m) => m.id === LINE_KEYS[kind])?.string ?? '{name}';
  return template.replace('{name}', name);
}

/**
 * Stores "<name> joined/left the conversation" as a notification message (plain text, escaped: a display
 * name never becomes markup) and publishes it as any message is: the visitor, the session and its operator.
 */
async function postLine(app: FastifyInstance, session: VisitorSessionRow, kind: keyof typeof LINE_KEYS, name: string): Promise<void> {
  const row = await app.store.insertMessage({ session_id: session.id, body: escapeHtml(lineText(app, session, kind, name)), author_operator_id: null, message_type: 'notification' }, app.clock.now());
  await publishToAll(app, session, row.id);
}

/**
 * Publishes a stored message as any message is (the visitor, the session, its operator) and to the
 * invited participants' own channels, where the console reads messages.
 */
async function publishToAll(app: FastifyInstance, session: VisitorSessionRow, messageId: number, withUsual = true): Promise<void> {
  const message = await app.store.getMessage(messageId);
  if (!message) return;
  const participants = (await app.store.participants.list(session.id)).filter((id) => id !== session.operator_id).map((id) => BusChannel.operator(id));
  const channels = withUsual ? [...messageChannels(session), ...participants] : participants;
  if (channels.length > 0) await app.bus.publish(channels, messageToWire(message, session, { base: app.config.publicUrl ?? '' }));
}

/**
 * Tells everyone following the conversation that its participants changed. Its own channel reaches every
 * console that may read it (a supervisor or an admin watching someone else's chat included), which the
 * joined/left lines and the notices on operators' own channels do not.
 */
async function announceParticipants(app: FastifyInstance, sessionId: number): Promise<void> {
  const changed: ParticipantsChangedPayload = { info: 'participants_changed', session_id: sessionId };
  await app.bus.publish([BusChannel.session(sessionId)], changed);
}

const nameOf = async (app: FastifyInstance, id: number | null): Promise<string | null> => (id === null ? null : ((await app.store.getOperator(id))?.display_name ?? null));

/**
 * What follows a conversation changing hands, for every reason (a transfer, routing, a supervisor taking
 * it, the queue): the receiver stops being a mere participant, the previous operator leaves, the visitor
 * reads who joined and who left and its header follows the new operator, and the receiver's console is
 * told who passed it on and their note (which never reaches the visitor).
 */
export function listenToAssignments(app: FastifyInstance): void {
  app.events.on('conversation.assigned', async (e) => {
    const session = await app.store.getVisitorSession(e.sessionId);
    const to = await app.store.getOperator(e.toOperatorId);
    if (!session || !to) return;
    const wasIn = await app.store.participants.remove(e.sessionId, e.toOperatorId);
    if (e.fromOperatorId !== null) await app.store.participants.remove(e.sessionId, e.fromOperatorId);
    if (!wasIn) await postLine(app, session, 'joined', to.display_name);
    const fromName = await nameOf(app, e.fromOperatorId);
    if (fromName !== null) await postLine(app, session, 'left', fromName);
    const changed: OperatorChangedPayload = { info: 'operator_changed', operator_pid: [to.id, to.display_name] };
    await app.bus.publish([BusChannel.visitor(session.uuid)], changed);
    const received: ConversationReceivedPayload = {
      info: 'conversation_received',
      session_id: session.id,
      visitor_label: visitorLabel(session),
      reason: e.reason,
      from_name: await nameOf(app, e.byOperatorId),
      note: e.note,
    };
    await app.bus.publish([BusChannel.operator(to.id)], received);
    await announceParticipants(app, session.id);
  });

  // The chat's own paths tell its operator of each message; its participants hear of them here.
  app.events.on('message.posted', async (e) => {
    // Most chats have no participant: nothing more on the chat's hot path.
    if (e.participants === 0) return;
    const session = await app.store.getVisitorSession(e.sessionId);
    if (session) await publishToAll(app, session, e.messageId, false);
  });

  app.events.on('conversation.participant_joined', async (e) => {
    const session = await app.store.getVisitorSession(e.sessionId);
    const invited = await app.store.getOperator(e.operatorId);
    if (!session || !invited) return;
    await postLine(app, session, 'joined', invited.display_name);
    const payload: ConversationInvitedPayload = { info: 'conversation_invited', session_id: session.id, visitor_label: visitorLabel(session), by_name: (await nameOf(app, e.byOperatorId)) ?? '' };
    await app.bus.publish([BusChannel.operator(invited.id)], payload);
    await announceParticipants(app, session.id);
  });

  app.events.on('conversation.participant_left', async (e) => {
    const session = await app.store.getVisitorSession(e.sessionId);
    const name = await nameOf(app, e.operatorId);
    if (session && name !== null) await postLine(app, session, 'left', name);
    // The leaver's other console tabs drop it from their lists.
    await app.bus.publish([BusChannel.operator(e.operatorId)], { info: 'conversation_left', session_id: e.sessionId });
    await announceParticipants(app, e.sessionId);
  });
}
