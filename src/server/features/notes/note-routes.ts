import type { FastifyInstance, FastifyRequest } from 'fastify';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import { BusChannel } from '../../../protocol/livechat.js';
import { InvalidParamError } from '../../core/rpc/errors.js';
import { toId } from '../../core/schemas/params.js';
import type { OperatorRow, VisitorSessionRow } from '../../core/db/tables.js';
import { ConversationNotFoundError, mayRead } from '../../domain/conversations/index.js';
import { OnSessionParams } from '../../../protocol/schemas/console-params.js';
import { ConversationNoteSchema, MentionableSchema, PostNoteParams } from '../../../protocol/schemas/notes.js';
import { MENTIONABLE_ROUTE, NOTES_ROUTE, NOTE_LIMITS, POST_NOTE_ROUTE, type ConversationNote, type NoteMentionPayload, type NotePostedPayload } from '../../../protocol/console/notes.js';
import Type from 'typebox';
import { mentionedMembers } from './mentions.js';
import type { ChannelMember, NoteRecord, NoteStore } from './note-store.js';

/** The console's form of a stored note; mentions of operators no longer in the channel keep their id only. */
function noteToWire(note: NoteRecord, members: readonly ChannelMember[]): ConversationNote {
  const nameOf = (id: number) => members.find((m) => m.id === id)?.display_name ?? '';
  return {
    id: note.id,
    session_id: note.session_id,
    author: { id: note.author_operator_id, name: note.author_name },
    text: note.body,
    after_message_id: note.after_message_id,
    created_at: note.created_at,
    mentions: note.mentions.map((id) => ({ id, name: nameOf(id) })),
  };
}

/**
 * Who is told of a new note, on their own operator channel only (never the visitor's, nor the session's
 * channel a widget could ask for): the conversation's operator, every member for an offline message
 * (which they all answer), the channel's supervisors, and the author.
 */
async function noteReaders(app: FastifyInstance, session: VisitorSessionRow, author: OperatorRow): Promise<string[]> {
  const ids = new Set<number>([author.id]);
  if (session.operator_id !== null) ids.add(session.operator_id);
  if (session.origin === 'offline') for (const id of await app.store.channelOperatorIds(session.channel_id)) ids.add(id);
  // Supervisors read every conversation of their channel, so a note shows live on their screens too.
  for (const id of await app.store.roles.supervisorIds(session.channel_id)) ids.add(id);
  return [...ids].map((id) => BusChannel.operator(id));
}

/**
 * The notes routes (protocol/console/notes.ts), same-origin with the operator's session cookie, for the
 * operators who may read the conversation (conversation-access-store.ts; anyone else reads "not found"):
 * - `notes` {session_id} → ConversationNote[], oldest first;
 * - `post_note` {session_id, text} → the ConversationNote stored. Closed conversations take notes too (a
 *   wrap-up for colleagues reaches no visitor); `NOTE_LIMITS.perMinute` per operator;
 * - `mentionable` {session_id} → the channel's other active operators, for the `@` autocompletion.
 */
export async function noteRoutes(app: FastifyInstance, opts: { notes: NoteStore }): Promise<void> {
  const { notes } = opts;
  const authorize = (request: FastifyRequest) => app.requireOperator(request);
  const readable = async (request: FastifyRequest, sessionId: number | string) => {
    const operator = await app.requireOperator(request);
    const session = await app.store.getVisitorSession(toId(sessionId));
    if (!session || !(await mayRead(app.store, operator, session))) throw new ConversationNotFoundError();
    return { operator, session };
  };

  app.rpc(
    NOTES_ROUTE,
    { summary: 'A conversation’s internal notes, oldest first', params: OnSessionParams, result: Type.Array(ConversationNoteSchema), authorize },
    async (params, request) => {
      const { session } = await readable(request, params.session_id);
      const members = await notes.channelMembers(session.channel_id);
      return (await notes.list(session.id, NOTE_LIMITS.listMax)).map((n) => noteToWire(n, members));
    },
  );

  app.rpc(
    MENTIONABLE_ROUTE,
    { summary: 'The operators a note of the conversation may mention', params: OnSessionParams, result: MentionableSchema, authorize },
    async (params, request) => {
      const { operator, session } = await readable(request, params.session_id);
      return (await notes.channelMembers(session.channel_id)).filter((m) => m.id !== operator.id).map((m) => ({ id: m.id, name: m.display_name }));
    },
  );

  app.rpc(
    POST_NOTE_ROUTE,
    { summary: 'Adds an internal note to a conversation, seen by operators only; the note', params: PostNoteParams, result: ConversationNoteSchema, authorize },
    async (params, request) => {
      const { operator, session } = await readable(request, params.session_id);
      const text = params.text.trim();
      if (text === '') throw new InvalidParamError('text must not be empty');
      await app.limits.take(`notes:operator:${operator.id}`, NOTE_LIMITS.perMinute, 60_000);
      const members = await notes.channelMembers(session.channel_id);
      const mentioned = mentionedMembers(text, members, NOTE_LIMITS.mentionsMax + 1).filter((m) => m.id !== operator.id).slice(0, NOTE_LIMITS.mentionsMax);
      const noteId = await notes.insert({ sessionId: session.id, authorId: operator.id, body: text, mentions: mentioned.map((m) => m.id) }, app.clock.now());
      const [stored] = await notes.list(session.id, 1, noteId);
      if (!stored) throw new ConversationNotFoundError();
      const note = noteToWire(stored, members);
      const posted: NotePostedPayload = { info: 'note_posted', note };
      await app.bus.publish(await noteReaders(app, session, operator), posted);
      const mention: NoteMentionPayload = { info: 'note_mention', note, visitor_label: visitorLabel(session) };
      if (mentioned.length > 0) await app.bus.publish(mentioned.map((m) => BusChannel.operator(m.id)), mention);
      const base = { sessionId: session.id, channelId: session.channel_id, noteId };
      app.events.emit('note.posted', { ...base, operatorId: operator.id });
      for (const m of mentioned) app.events.emit('note.mentioned', { ...base, authorId: operator.id, authorName: operator.display_name, mentionedId: m.id, text });
      return note;
    },
  );
}
