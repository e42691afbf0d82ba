/**
 * The thread: messages, what the visitor has not seen yet and how new messages get their attention
 * (SPEC.md §4 "Messages", §6), as jotai atoms: base, derived, actions, then the mute-choice effect.
 */
import { atom } from 'jotai/vanilla';
import { createNotifier, type UserNotice } from '../platform/notify/notifier.js';
import { decodeChatMessage } from '../protocol/bus-payload.js';
import { LIMITS, type ChatMessage, type LivechatSession } from '../protocol/livechat.js';
import { depsOf } from './context.js';
import { fromHistory, isRealMessage, isVisitorMessage, receiveMessage, type ThreadMessage } from './messages.js';
import { composerEnabledAtom, failAtom, foldedAtom, nobodyToRateAtom, optionsAtom, saveSessionAtom, windowMinimisedAtom } from './session.js';
import { CHAT_HISTORY_ROUTE } from '../protocol/routes.js';

// Base atoms.

/** The thread, oldest first. */
export const messagesAtom = atom<readonly ThreadMessage[]>([]);
/** The thread is scrolled to its end (within 5 px), as the thread reports it. */
export const atBottomAtom = atom(true);
/** Incoming messages the visitor has not seen. */
export const unreadCountAtom = atom(0);
/** In-page notice of a message that arrived while the window was folded or the page hidden. */
export const messageNoticeAtom = atom<UserNotice | undefined>(undefined);
/** The visitor muted the new-message beep. */
export const soundMutedAtom = atom(false);
const notifierAtom = atom<((notice: UserNotice) => unknown) | undefined>(undefined);

// Derived atoms.

/** Closing asks for feedback only when there is something to rate (SPEC.md §4 "Closing"). */
export const closeNeedsFeedbackAtom = atom((get) => get(composerEnabledAtom) && !get(nobodyToRateAtom) && get(messagesAtom).some(isRealMessage));

// Actions.

export const setUnreadAtom = atom(null, (get, set, count: number) => {
  if (get(unreadCountAtom) === count) return;
  set(unreadCountAtom, count);
  // The next page of the site shows the same count on the button of a window put away.
  set(saveSessionAtom, { message_unread_counter: count });
  depsOf(get).emit('livechat:unread', { count });
});

/** Folds or unfolds the window, saved in the session cookie. */
export const setFoldedAtom = atom(null, (get, set, folded: boolean) => {
  if (get(foldedAtom) === folded) return;
  set(foldedAtom, folded);
  set(saveSessionAtom, { folded, state: folded ? 'folded' : 'open' });
  depsOf(get).emit('livechat:fold', { folded });
  if (!folded) set(messageNoticeAtom, undefined);
  // Unfolded with the thread at its end, the messages that arrived while folded are in view now.
  if (!folded && get(atBottomAtom)) set(setUnreadAtom, 0);
});

export const setAtBottomAtom = atom(null, (get, set, atBottom: boolean) => {
  set(atBottomAtom, atBottom);
  if (atBottom && !get(foldedAtom) && !get(windowMinimisedAtom)) set(setUnreadAtom, 0);
});

export const toggleSoundAtom = atom(null, (get, set) => {
  const muted = !get(soundMutedAtom);
  set(soundMutedAtom, muted);
  depsOf(get).attention.setSoundMuted(muted);
});

/**
 * A message from the bus: added once, counted and announced when the visitor may not see it. SPEC.md §6:
 * desktop notification from the master tab when permitted, else an in-page notice (every tab) and the
 * beep (master tab only).
 */
export const receiveMessageAtom = atom(null, (get, set, message: ChatMessage) => {
  const { list, added } = receiveMessage(get(messagesAtom), message);
  set(messagesAtom, list);
  if (!added || isVisitorMessage(message)) return;
  const { attention, emit } = depsOf(get);
  emit('livechat:message', { direction: 'in', message });
  if (get(foldedAtom) || get(windowMinimisedAtom) || !get(atBottomAtom)) set(setUnreadAtom, get(unreadCountAtom) + 1);
  if (!get(foldedAtom) && !attention.pageHidden()) return;
  const author = message.author_id ? message.author_id[1] : get(optionsAtom).defaultUsername;
  const notify = get(notifierAtom) ?? createNotifier({
    isMaster: () => attention.isMasterTab(),
    showInPage: (notice) => set(messageNoticeAtom, notice),
    beep: () => {
      if (!attention.soundMuted()) attention.beep();
    },
    desktop: attention.desktop(),
  });
  // A function value would be taken for an updater: the notifier goes in through one.
  set(notifierAtom, () => notify);
  notify(attention.noticeFor(author, message.body));
});

/** Loads the history of a reopened session; bus messages that arrived meanwhile stay, after it. */
export const loadHistoryAtom = atom(null, async (get, set, session: LivechatSession) => {
  try {
    const history = await depsOf(get).rpc(CHAT_HISTORY_ROUTE, { uuid: session.uuid, limit: LIMITS.historyLoadLimit });
    const messages = Array.isArray(history) ? history.map(decodeChatMessage).filter((m) => m !== undefined) : [];
    let list = fromHistory(messages);
    for (const m of get(messagesAtom)) list = receiveMessage(list, m).list;
    set(messagesAtom, list);
  } catch {
    set(failAtom, 'network', false);
  }
});

// Effects.

/** While mounted, the mute choice follows what the visitor chose, here or in another tab. */
export const soundMutedSyncAtom = atom(null, (get, set) => {
  const { attention } = depsOf(get);
  set(soundMutedAtom, attention.soundMuted());
  return attention.onSoundMutedChange((muted) => set(soundMutedAtom, muted));
});
soundMutedSyncAtom.onMount = (sync) => sync();
