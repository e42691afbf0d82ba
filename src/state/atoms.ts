/**
 * The widget's state as jotai atoms. Atoms are definitions only: values live in one store per element
 * (created by `createLiveChatState`), so two elements on a page never share a conversation.
 * Base atoms first, then what is derived from them.
 */
import { atom } from 'jotai/vanilla';
import type { UserNotice } from '../platform/notify/notifier.js';
import type { LivechatRule, LivechatSession, Rate } from '../protocol/livechat.js';
import type { ChatErrorCode } from './errors.js';
import { isRealMessage, type ThreadMessage } from './messages.js';
import type { WidgetOptions } from './options.js';
import type { ConnectionStatus } from './ports.js';

/**
 * Where the widget stands: checking availability, hidden (nobody available), showing the button,
 * asking for a session, chatting, or showing the feedback panel.
 */
export type ChatPhase = 'loading' | 'unavailable' | 'button' | 'opening' | 'chat' | 'feedback';

/** Steps of the feedback panel (SPEC.md §4 "Feedback"). */
export type FeedbackStep = 'choose' | 'reason' | 'sending' | 'thanks';

/** The feedback panel's state. */
export interface FeedbackState {
  step: FeedbackStep;
  rate: Rate | undefined;
}

/** Steps of the transcript form (SPEC.md §4 "Transcript"). */
export type TranscriptStep = 'idle' | 'invalid' | 'sending' | 'sent' | 'failed';

/** A sticky notice shown instead of (or above) the window. */
export interface Notice {
  code: ChatErrorCode;
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
/** The thread, oldest first. */
export const messagesAtom = atom<readonly ThreadMessage[]>([]);
/** Window folded to its header. */
export const foldedAtom = atom(false);
/** The thread is scrolled to its end (within 5 px), as the thread reports it. */
export const atBottomAtom = atom(true);
/** Incoming messages the visitor has not seen. */
export const unreadCountAtom = atom(0);
/** Partner ids of others typing, oldest first. */
export const typingPartnersAtom = atom<readonly number[]>([]);
/** Link to the server. */
export const connectionAtom = atom<ConnectionStatus>('connecting');
/** Sticky notice (no operator, session expired). */
export const noticeAtom = atom<Notice | undefined>(undefined);
/** In-page notice of a message that arrived while the window was folded or the page hidden. */
export const messageNoticeAtom = atom<UserNotice | undefined>(undefined);
/** The visitor muted the new-message beep. */
export const soundMutedAtom = atom(false);
/** Feedback panel. */
export const feedbackAtom = atom<FeedbackState>({ step: 'choose', rate: undefined });
/** Transcript form. */
export const transcriptAtom = atom<TranscriptStep>('idle');
/** Height in px of the host page's install banner: the button sits above it (SPEC.md §2.1). */
export const buttonRaiseAtom = atom(0);
/** True on small screens: the window takes the screen and never folds. */
export const mobileAtom = atom(false);

// Derived atoms.

/** The chat window is on screen. */
export const isOpenAtom = atom((get) => {
  const phase = get(phaseAtom);
  return phase === 'chat' || phase === 'feedback';
});
/** The floating button is on screen. */
export const buttonVisibleAtom = atom((get) => get(phaseAtom) === 'button' || get(phaseAtom) === 'opening');
/** The composer accepts input only while chatting. */
export const composerEnabledAtom = atom((get) => get(phaseAtom) === 'chat');
/** Closing asks for feedback only when there is something to rate (SPEC.md §4 "Closing"). */
export const closeNeedsFeedbackAtom = atom((get) => get(composerEnabledAtom) && get(messagesAtom).some(isRealMessage));
/** Names of others typing: the operator's name for the operator, else the last name seen for that id. */
export const typingNamesAtom = atom((get) => {
  const names = new Map<number, string>();
  for (const m of get(messagesAtom)) if (m.author_id && m.author_id[0]) names.set(m.author_id[0], m.author_id[1]);
  const operator = get(sessionAtom)?.operator_pid;
  if (operator) names.set(operator[0], operator[1]);
  return get(typingPartnersAtom).map((id) => names.get(id) ?? get(optionsAtom).defaultUsername);
});
/** Window title: the operator's name (SPEC.md §2 "Header: title"). */
export const titleAtom = atom((get) => get(sessionAtom)?.operator_pid[1] ?? '');
