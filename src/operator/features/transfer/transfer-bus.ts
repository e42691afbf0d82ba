import type { BusHandler } from '../../app/registry.js';
import type { MessageKey } from '../../../platform/i18n/index.js';
import { leftConversation } from './transfer-section.js';
import { bumpParticipantsAtom } from './participants-state.js';

const MOVED: Record<string, MessageKey> = {
  transferred: 'operator.transfer.moved.transferred',
  reassigned: 'operator.transfer.moved.reassigned',
  taken: 'operator.transfer.moved.taken',
  dequeued: 'operator.transfer.moved.dequeued',
};

/** The notices that change who is in a conversation, on the operator's own channel. */
const PARTICIPANT_INFOS = new Set(['conversation_assigned', 'conversation_received', 'conversation_invited', 'conversation_left']);

/**
 * Marks a conversation's participant list out of date: the server's `participants_changed` on the
 * conversation's own channel, which every console following it gets (a supervisor or an admin watching
 * someone else's chat too), or a change of hands or an invitation told to this operator on its own channel
 * before it follows the conversation.
 */
export const participantsBusHandler: BusHandler = (event, store) => {
  if (event.kind === 'session_info' && event.info === 'participants_changed' && event.payload.session_id === event.sessionId) store.set(bumpParticipantsAtom, event.sessionId);
  if (event.kind === 'info' && PARTICIPANT_INFOS.has(event.info) && typeof event.payload.session_id === 'number') store.set(bumpParticipantsAtom, event.payload.session_id);
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * What the bus says about conversations changing hands, whoever moved them (a colleague, routing, a
 * supervisor, the queue): the one who had it is told where it went and leaves it; the receiver is told
 * who passed it on, their note first; an invited colleague is told by whom. The list reloads each time.
 */
export const transferBusHandler: BusHandler = (event, store, { showNotice, t, reloadList }) => {
  if (event.kind !== 'info') return;
  const { payload } = event;
  const sessionId = typeof payload.session_id === 'number' ? payload.session_id : null;
  if (sessionId === null) return;
  const visitor = text(payload.visitor_label) ?? t('widget.defaultUsername');
  switch (event.info) {
    case 'conversation_assigned': {
      const key = MOVED[String(payload.reason)];
      if (!key) return;
      leftConversation(store, sessionId);
      showNotice({ title: t(key, { name: text(payload.operator_name) ?? '' }), body: '', tag: `moved-${sessionId}` });
      return reloadList?.();
    }
    case 'conversation_received': {
      const from = text(payload.from_name);
      const title = from ? t('operator.transfer.receivedFrom', { name: from, visitor }) : t('operator.transfer.received', { visitor });
      showNotice({ title, body: text(payload.note) ?? '', tag: `received-${sessionId}` });
      return reloadList?.();
    }
    case 'conversation_invited':
      showNotice({ title: t('operator.transfer.invited', { name: text(payload.by_name) ?? '', visitor }), body: '', tag: `invited-${sessionId}` });
      return reloadList?.();
    case 'conversation_left':
      return reloadList?.();
    default:
      return;
  }
};
