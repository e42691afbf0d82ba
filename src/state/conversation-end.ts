/**
 * A conversation the server ended (the operator closed it, on the bus or while the page was away) and a
 * post the server refused because its conversation is gone (SPEC.md §8 "Post returns no id"): the first
 * shows as ended, never with a live composer; the text of the second is kept for a new conversation.
 */
import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { queuePlaceOf } from '../protocol/queue.js';
import { markHandled } from '../platform/errors.js';
import { CONVERSATION_STATE_ROUTE, type ConversationState } from '../protocol/conversation-state.js';
import type { LivechatSession } from '../protocol/livechat.js';
import { disconnectAtom } from './connection.js';
import { depsOf } from './context.js';
import { endChatAtom } from './lifecycle.js';
import { isRealMessage } from './messages.js';
import { endedAtom, failAtom, historyLoadingAtom, keptDraftAtom, nobodyToRateAtom, phaseAtom, queuePlaceAtom } from './session.js';
import { messagesAtom, setFoldedAtom } from './thread.js';

// Actions.

/**
 * The server ended the conversation: nothing more will come on its channel. With something to rate the
 * feedback panel replaces the thread (SPEC.md §4 "Closing"); without, or with nobody to rate it (still
 * waiting in the queue), the chat closes at once.
 */
export const serverEndedAtom = atom(null, (get, set) => {
  if (get(phaseAtom) !== 'chat') return;
  set(endedAtom, true);
  // A reopened conversation's history is still on its way: whether there is something to rate is known
  // once it is in, and the reopening ends the conversation then.
  if (get(historyLoadingAtom)) return;
  set(disconnectAtom);
  if (get(nobodyToRateAtom) || !get(messagesAtom).some(isRealMessage)) return set(endChatAtom);
  set(setFoldedAtom, false);
  set(phaseAtom, 'feedback');
});

/**
 * A post was refused because the conversation is gone: SPEC.md §8's notice and closing, with the text kept
 * (the issue "the message is never lost") for the conversation the visitor opens next.
 */
export const postRefusedAtom = atom(null, (get, set, text: string) => {
  set(keptDraftAtom, text);
  // The notice says "Please refresh": a visitor who does must find the text still there.
  depsOf(get).keptDraft?.write(text);
  set(failAtom, 'session_expired', true);
  set(endChatAtom);
});

/** A message was delivered: a kept text has found its conversation. */
export const draftDeliveredAtom = atom(null, (get, set) => {
  if (get(keptDraftAtom) === undefined) return;
  set(keptDraftAtom, undefined);
  depsOf(get).keptDraft?.write(undefined);
});

/** A text kept before a reload waits again for the next conversation. */
export const restoreKeptDraftAtom = atom(null, (get, set) => {
  const text = depsOf(get).keptDraft?.read();
  if (text) set(keptDraftAtom, text);
});

/**
 * Whether the conversation still takes messages. An older server without the route, or a failed call,
 * counts as open: a post to a conversation that is gone after all is caught by {@link postRefusedAtom}.
 */
export async function conversationState(get: Getter, session: LivechatSession, set?: Setter): Promise<ConversationState> {
  try {
    const answer = (await depsOf(get).rpc(CONVERSATION_STATE_ROUTE, { uuid: session.uuid })) as { state?: unknown; queue?: unknown } | null;
    // Still waiting in the queue: the window shows the visitor's place again.
    set?.(queuePlaceAtom, queuePlaceOf(answer?.queue));
    return answer?.state === 'closed' ? 'closed' : 'open';
  } catch (err) {
    markHandled(err);
    return 'open';
  }
}
