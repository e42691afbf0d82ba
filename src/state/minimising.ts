/**
 * Minimising the open window to the button and bringing it back. The window stays mounted (thread,
 * scroll position and composer draft are kept); messages that arrive meanwhile count as unread, on the
 * button. Host pages hear it as `livechat:fold`, the event of the desktop's folding it stands in for.
 */
import { atom } from 'jotai/vanilla';
import { depsOf } from './context.js';
import { minimisedAtom, windowMinimisedAtom, isOpenAtom } from './session.js';
import { atBottomAtom, messageNoticeAtom, setUnreadAtom } from './thread.js';

export const minimiseAtom = atom(null, (get, set) => {
  if (!get(isOpenAtom) || get(windowMinimisedAtom)) return;
  set(minimisedAtom, true);
  depsOf(get).emit('livechat:fold', { folded: true });
});

export const restoreAtom = atom(null, (get, set) => {
  if (!get(windowMinimisedAtom)) return;
  set(minimisedAtom, false);
  depsOf(get).emit('livechat:fold', { folded: false });
  set(messageNoticeAtom, undefined);
  // Back with the thread at its end, what arrived meanwhile is in view now.
  if (get(atBottomAtom)) set(setUnreadAtom, 0);
});
