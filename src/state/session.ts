/**
 * Opening and session: where the widget stands, the attributes it runs with and the conversation's
 * session, as jotai atoms (base, then derived, then actions). Atoms are definitions only: values live in
 * one store per element (created by `createLiveChatState`), so two elements never share a conversation.
 */
import type { QueuePlace } from '../protocol/queue.js';
import { atom } from 'jotai/vanilla';
import type { LivechatRule, LivechatSession } from '../protocol/livechat.js';
import { depsOf } from './context.js';
import { ERROR_TEXTS, type ChatPartErrorCode } from './errors.js';
import type { WidgetOptions } from './options.js';
import { createLivechatCookies } from '../platform/cookies/livechat-cookies.js';

/**
 * Where the widget stands: checking availability, hidden (nobody available), showing the button, showing
 * the pre-chat form, asking for a session, chatting, or showing the feedback panel.
 */
export type ChatPhase = 'loading' | 'unavailable' | 'button' | 'prechat' | 'opening' | 'chat' | 'feedback';

/** A sticky notice shown instead of (or above) the window. */
export interface Notice {
  code: ChatPartErrorCode;
}

// Base atoms.

/** Parsed attributes. */
export const optionsAtom = atom<WidgetOptions>({
  channelId: 0,
  serverUrl: '',
  buttonText: '',
  buttonBackgroundColor: undefined,
  buttonTextColor: undefined,
  headerBackgroundColor: undefined,
  titleColor: undefined,
  inputPlaceholder: '',
  defaultMessage: '',
  defaultUsername: '',
  lang: 'en',
  launcher: 'tab',
});
/** Lifecycle phase. */
export const phaseAtom = atom<ChatPhase>('loading');
/** The rule `/im_livechat/init` returned, when one matched. */
export const ruleAtom = atom<LivechatRule | undefined>(undefined);
/** The current session, from the cookie or `/im_livechat/get_session`. */
export const sessionAtom = atom<LivechatSession | undefined>(undefined);
/** True while the history of a reopened session loads. */
export const historyLoadingAtom = atom(false);
/** Window folded to its header. */
export const foldedAtom = atom(false);
/**
 * The window is put away behind the button while the conversation goes on: the phone's stand-in for
 * folding, which SPEC.md §2.2 disables on mobile. Counts only while a window is open ({@link windowMinimisedAtom}).
 */
export const minimisedAtom = atom(false);
/** The server ended the open conversation: the header says so instead of the link's state. */
export const endedAtom = atom(false);
/** While the conversation waits in the channel's queue (issue 26): the visitor's place and expected wait. */
export const queuePlaceAtom = atom<QueuePlace | undefined>(undefined);
/**
 * The conversation still waits in the queue: no operator has ever held it (an operator who takes it ends
 * the wait), so ending it asks for no rating (issue 26) and the chat closes at once, as SPEC.md §4 closes
 * a chat with nothing to rate.
 */
export const nobodyToRateAtom = atom((get) => get(queuePlaceAtom) !== undefined);
/**
 * Text the visitor typed into a conversation that turned out to be gone: the composer of their next
 * conversation starts with it, until a message is delivered.
 */
export const keptDraftAtom = atom<string | undefined>(undefined);
/**
 * When opening was last asked for, for the 200 ms debounce (SPEC.md §4 "Opening"): it swallows the second
 * press of a double click, so it counts within one showing of the button. A conversation that ended brings
 * a fresh button, whose first press always opens (issue 26: leaving the queue and pressing it again at once).
 */
export const lastOpenAtAtom = atom(Number.NEGATIVE_INFINITY);
/** Sticky notice (no operator, session expired). */
export const noticeAtom = atom<Notice | undefined>(undefined);
/** Height in px of the host page's install banner: the button sits above it (SPEC.md §2.1). */
export const buttonRaiseAtom = atom(0);
/** True on small screens: the window takes the screen and never folds. */
export const mobileAtom = atom(false);

// Derived atoms.

/** The chat window is on screen. */
export const isOpenAtom = atom((get) => {
  const phase = get(phaseAtom);
  return phase === 'chat' || phase === 'feedback' || phase === 'prechat';
});
/** The open window is put away behind the button. */
export const windowMinimisedAtom = atom((get) => get(minimisedAtom) && get(isOpenAtom));
/** The floating button is on screen: before a chat, and in place of a minimised window. */
export const buttonVisibleAtom = atom((get) => get(phaseAtom) === 'button' || get(phaseAtom) === 'opening' || get(windowMinimisedAtom));
/** The composer accepts input only while chatting, once a reopened conversation is known to be live. */
export const composerEnabledAtom = atom((get) => get(phaseAtom) === 'chat' && !get(historyLoadingAtom));
/** Window title: the operator's name (SPEC.md §2 "Header: title"); the button's text before there is one (pre-chat form). */
export const titleAtom = atom((get) => get(sessionAtom)?.operator_pid[1] ?? get(optionsAtom).buttonText);

/** The operator's partner id, for their picture in the header; none before a session exists. */
export const operatorIdAtom = atom((get) => get(sessionAtom)?.operator_pid[0]);

// Actions.

/** Reports an error as a `livechat:error` event; a sticky one also shows as the notice. */
export const failAtom = atom(null, (get, set, code: ChatPartErrorCode, sticky: boolean) => {
  if (sticky) set(noticeAtom, { code });
  depsOf(get).emit('livechat:error', { code, message: ERROR_TEXTS[code] });
});

/** Changes the session and keeps the session cookie in step. */
export const saveSessionAtom = atom(null, (get, set, patch: Partial<LivechatSession>) => {
  const session = get(sessionAtom);
  if (!session) return;
  const next = { ...session, ...patch };
  set(sessionAtom, next);
  createLivechatCookies(depsOf(get).cookies).writeSession(next);
});

export const setButtonRaiseAtom = atom(null, (_get, set, px: number) => {
  set(buttonRaiseAtom, Number.isFinite(px) && px > 0 ? px : 0);
});
