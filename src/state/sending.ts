/** The visitor's posts (SPEC.md §4 "Messages", §8 "Failed message post") as jotai action atoms. */
import { atom } from 'jotai/vanilla';
import { POST_KEY_PARAM } from '../protocol/livechat.js';
import { depsOf } from './context.js';
import { draftDeliveredAtom, postRefusedAtom } from './conversation-end.js';
import { confirmPending, pendingMessage, removeMessage, updateMessage, type ThreadMessage } from './messages.js';
import type { RpcCall } from './ports.js';
import { composerEnabledAtom, failAtom, optionsAtom, sessionAtom } from './session.js';
import { messagesAtom } from './thread.js';
import { ownMessageSentAtom } from './typing-state.js';
import { retryFileAtom } from './uploads.js';
import { CHAT_POST_ROUTE } from '../protocol/routes.js';

let pendingCounter = 0;

/**
 * Posts once and, on any failure, once more (SPEC.md §8 "Failed message post"). Both attempts carry the
 * same key: when the first reached the server but its answer was lost, the server answers the retry
 * with the stored message instead of storing it twice.
 */
async function postWithRetry(rpc: RpcCall, uuid: string, content: string, postKey: string | undefined): Promise<unknown> {
  const params = { uuid, message_content: content, ...(postKey ? { [POST_KEY_PARAM]: postKey } : {}) };
  try {
    return await rpc(CHAT_POST_ROUTE, params);
  } catch {
    return rpc(CHAT_POST_ROUTE, params);
  }
}

const deliverAtom = atom(null, async (get, set, localId: string, text: string, postKey: string | undefined) => {
  const session = get(sessionAtom);
  if (!session) return;
  let id: unknown;
  try {
    id = await postWithRetry(depsOf(get).rpc, session.uuid, text, postKey);
  } catch {
    // The server stored it after all: its announcement, carrying the key, already took the pending copy's place.
    if (postKey && get(messagesAtom).some((m) => m.postKey === postKey && m.delivery === 'sent')) return;
    if (get(sessionAtom) === session) set(messagesAtom, updateMessage(get(messagesAtom), localId, { delivery: 'failed' }));
    set(failAtom, 'post_failed', false);
    return;
  }
  if (get(sessionAtom)?.uuid !== session.uuid) return;
  if (typeof id !== 'number' || !id) {
    set(messagesAtom, removeMessage(get(messagesAtom), localId));
    set(postRefusedAtom, text);
    return;
  }
  set(draftDeliveredAtom);
  const list = confirmPending(get(messagesAtom), localId, id);
  set(messagesAtom, list);
  const message = list.find((m) => m.id === id);
  if (message) depsOf(get).emit('livechat:message', { direction: 'out', message });
});

/** Sends the composer content; empty (trimmed) content is not sent. */
export const sendAtom = atom(null, async (get, set, text: string) => {
  const content = text.trim();
  const session = get(sessionAtom);
  if (!content || !session || !get(composerEnabledAtom)) return;
  set(ownMessageSentAtom);
  const localId = `_pending_${++pendingCounter}`;
  const pending = pendingMessage(localId, content, get(optionsAtom).defaultUsername, session.id, depsOf(get).clock.now());
  set(messagesAtom, [...get(messagesAtom), pending]);
  await set(deliverAtom, localId, content, pending.postKey);
});

/** Sends a failed post or file again. */
export const retryAtom = atom(null, async (get, set, localId: ThreadMessage['id']) => {
  const m = get(messagesAtom).find((x) => x.id === localId);
  if (m?.file && typeof localId === 'string') return set(retryFileAtom, localId);
  if (!m || m.delivery !== 'failed' || !m.draft || typeof localId !== 'string') return;
  set(messagesAtom, updateMessage(get(messagesAtom), localId, { delivery: 'sending' }));
  await set(deliverAtom, localId, m.draft, m.postKey);
});
