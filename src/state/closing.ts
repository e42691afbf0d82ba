/** Closing and rating (SPEC.md §4 "Closing", "Feedback") as jotai action atoms. */
import { atom } from 'jotai/vanilla';
import { RATING_EMOJI, LIMITS, type Rate } from '../protocol/livechat.js';
import { disconnectAtom } from './connection.js';
import { depsOf } from './context.js';
import { feedbackAtom } from './feedback.js';
import { closeChatAtom, endChatAtom } from './lifecycle.js';
import { failAtom, phaseAtom, queuePlaceAtom, sessionAtom } from './session.js';
import { createLivechatCookies } from '../platform/cookies/livechat-cookies.js';
import { CHAT_POST_ROUTE, FEEDBACK_ROUTE } from '../protocol/routes.js';
import { QUEUE_LEAVE_ROUTE } from '../protocol/queue.js';

// Base atoms.

/** The timer that closes the window after the thanks. */
const thanksTimerAtom = atom<unknown>(undefined);

// Actions.

/** Stops the thanks timer (the window is closing anyway, or the element left for good). */
export const stopThanksAtom = atom(null, (get, set) => {
  const timer = get(thanksTimerAtom);
  if (timer !== undefined) depsOf(get).clock.clearTimeout(timer);
  set(thanksTimerAtom, undefined);
});

const dismissAtom = atom(null, (_get, set) => {
  set(stopThanksAtom);
  set(endChatAtom);
});

const sendFeedbackAtom = atom(null, async (get, set, rate: Rate, reason: string) => {
  const session = get(sessionAtom);
  if (!session) return;
  const { clock, cookies, emit, rpc } = depsOf(get);
  set(feedbackAtom, { step: 'thanks', rate });
  const thankedAt = clock.now();
  try {
    await rpc(FEEDBACK_ROUTE, { uuid: session.uuid, rate, ...(reason ? { reason } : {}) });
    emit('livechat:feedback', { rate, reason });
    // The answer is deliberately not read: once the operator closed the session the server refuses posts
    // with a falsy answer, and "Session expired" would be wrong for a conversation that is ending anyway.
    await rpc(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: `Rating: ${RATING_EMOJI[rate]}${reason ? ` \n${reason}` : ''}` });
  } catch {
    set(failAtom, 'network', false);
  }
  // The visitor may have closed the window during the calls.
  if (get(sessionAtom) !== session) return;
  // The conversation is over: a reload during the thanks must not bring it back.
  set(disconnectAtom);
  createLivechatCookies(cookies).clearSession();
  // SPEC.md §4 "Feedback": the chat closes after the rating; the thanks stay just long enough to be read,
  // counted from when they appeared so slow calls do not hold the window open longer.
  const wait = Math.max(0, LIMITS.feedbackThanksMs - (clock.now() - thankedAt));
  const timer = clock.setTimeout(() => {
    set(thanksTimerAtom, undefined);
    if (get(sessionAtom) === session) set(endChatAtom);
  }, wait);
  set(thanksTimerAtom, timer);
});

/** The close control: in the feedback panel it closes, in a chat it may ask for feedback first. */
export const requestCloseAtom = atom(null, (get, set) => {
  if (get(phaseAtom) === 'feedback') return set(dismissAtom);
  // The pre-chat form closes like a chat without messages: at once, nothing to rate.
  if (get(phaseAtom) === 'prechat') return set(phaseAtom, 'button');
  set(closeChatAtom);
});

/**
 * The waiting visitor leaves the queue (issue 26): the server ends the waiting conversation (everyone
 * behind moves up), then the chat closes at once: no operator ever held it, so there is nobody to rate
 * (SPEC.md §4 "Closing" without feedback). When the server's `session_closed` comes first, it has already
 * closed the chat the same way.
 */
export const leaveQueueAtom = atom(null, async (get, set) => {
  const session = get(sessionAtom);
  if (!session || !get(queuePlaceAtom) || get(phaseAtom) !== 'chat') return;
  try {
    await depsOf(get).rpc(QUEUE_LEAVE_ROUTE, { uuid: session.uuid });
  } catch {
    // The bus may have ended the conversation meanwhile: the leave took, whatever became of its answer.
    if (get(sessionAtom) === session) set(failAtom, 'network', false);
    return;
  }
  // Ended meanwhile, and maybe a new chat started at once (a press on the button that came back): the
  // answer is about a conversation that is gone.
  if (get(sessionAtom) !== session) return;
  set(closeChatAtom);
});

/** A smiley was chosen: the happy one goes at once, the others ask for a reason. */
export const rateAtom = atom(null, async (get, set, rate: Rate) => {
  const fb = get(feedbackAtom);
  if (get(phaseAtom) !== 'feedback' || fb.step === 'sending' || fb.step === 'thanks') return;
  if (rate === 5) return set(sendFeedbackAtom, rate, '');
  set(feedbackAtom, { step: 'reason', rate });
});

/** The reason box was submitted; feedback goes out only with a numeric rating (SPEC.md §5). */
export const submitReasonAtom = atom(null, async (get, set, reason: string) => {
  const fb = get(feedbackAtom);
  if (fb.step !== 'reason' || typeof fb.rate !== 'number') return;
  return set(sendFeedbackAtom, fb.rate, reason.trim());
});

/** "No feedback": the chat closes. */
export const skipFeedbackAtom = atom(null, (get, set) => {
  if (get(phaseAtom) === 'feedback') set(dismissAtom);
});
