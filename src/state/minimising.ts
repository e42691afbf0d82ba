/**
 * Minimising the open window to the button and bringing it back. The window stays mounted (thread,
 * scroll position and composer draft are kept); messages that arrive meanwhile count as unread, on the
 * button. Host pages hear it as `livechat:fold`, the event of the desktop's folding it stands in for.
 * The session cookie keeps the mark, so the next page of the site shows the button, not the window.
 */
import { atom } from 'jotai/vanilla';
import { depsOf } from './context.js';
import { minimisedAtom, windowMinimisedAtom, isOpenAtom, saveSessionAtom } from './session.js';
import { atBottomAtom, messageNoticeAtom, setUnreadAtom } from './thread.js';

export const minimiseAtom = atom(null, (get, set) => {
  if (!get(isOpenAtom) || get(windowMinimisedAtom)) return;
  set(minimisedAtom, true);
  set(saveSessionAtom, { minimised: true });
  depsOf(get).emit('livechat:fold', { folded: true });
});

export const restoreAtom = atom(null, (get, set) => {
  if (!get(windowMinimisedAtom)) return;
  set(minimisedAtom, false);
  set(saveSessionAtom, { minimised: false });
  depsOf(get).emit('livechat:fold', { folded: false });
  set(messageNoticeAtom, undefined);
  // Back with the thread at its end, what arrived meanwhile is in view now.
  if (get(atBottomAtom)) set(setUnreadAtom, 0);
});
