/** How a conversation ends: at once, or through the feedback panel when there is something to rate. */
import { atom } from 'jotai/vanilla';
import { disconnectAtom } from './connection.js';
import { depsOf } from './context.js';
import { feedbackAtom, transcriptAtom } from './feedback.js';
import { endedAtom, foldedAtom, lastOpenAtAtom, minimisedAtom, phaseAtom, queuePlaceAtom, sessionAtom } from './session.js';
import { createLivechatCookies } from '../platform/cookies/livechat-cookies.js';
import { closeNeedsFeedbackAtom, messageNoticeAtom, messagesAtom, setFoldedAtom, setUnreadAtom } from './thread.js';

/** The conversation is over: everything of it goes and the button comes back. */
export const endChatAtom = atom(null, (get, set) => {
  const session = get(sessionAtom);
  const { cookies, emit } = depsOf(get);
  set(disconnectAtom);
  createLivechatCookies(cookies).clearSession();
  set(sessionAtom, undefined);
  set(messagesAtom, []);
  set(feedbackAtom, { step: 'choose', rate: undefined });
  set(transcriptAtom, 'idle');
  set(messageNoticeAtom, undefined);
  set(foldedAtom, false);
  set(minimisedAtom, false);
  set(endedAtom, false);
  set(queuePlaceAtom, undefined);
  set(setUnreadAtom, 0);
  set(lastOpenAtAtom, Number.NEGATIVE_INFINITY);
  set(phaseAtom, 'button');
  if (session) emit('livechat:closed', { uuid: session.uuid });
});

/** Closes a live chat: feedback first when there is something to rate (SPEC.md §4 "Closing"), else at once. */
export const closeChatAtom = atom(null, (get, set) => {
  if (get(phaseAtom) !== 'chat') return;
  if (!get(closeNeedsFeedbackAtom)) return set(endChatAtom);
  set(setFoldedAtom, false);
  set(phaseAtom, 'feedback');
});
