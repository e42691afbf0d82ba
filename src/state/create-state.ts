/**
 * One widget's state: a jotai store created outside React (so it survives r2wc remounts), and the
 * actions the UI and the element call, each bound to an action atom of its domain module.
 */
import { createStore } from 'jotai/vanilla';
import type { Rate } from '../protocol/livechat.js';
import { resumeAtom, suspendAtom } from './bus.js';
import { leaveQueueAtom, rateAtom, requestCloseAtom, skipFeedbackAtom, stopThanksAtom, submitReasonAtom } from './closing.js';
import { disconnectAtom } from './connection.js';
import { minimiseAtom } from './minimising.js';
import { depsAtom } from './context.js';
import { retryTranscriptAtom, sendTranscriptAtom } from './feedback.js';
import type { ThreadMessage } from './messages.js';
import { openAtom, setMobileAtom, startAtom, stopAutoPopupAtom, toggleFoldAtom, type Prefetched } from './opening.js';
import type { WidgetOptions } from './options.js';
import type { StateDeps } from './ports.js';
import { retryAtom, sendAtom } from './sending.js';
import { mobileAtom, noticeAtom, optionsAtom, setButtonRaiseAtom } from './session.js';
import { messageNoticeAtom, setAtBottomAtom, soundMutedSyncAtom, toggleSoundAtom } from './thread.js';
import { composerInputAtom } from './typing-state.js';
import { submitPrechatAtom, type PrechatAnswers, type PrechatProblem } from './prechat.js';
import { contextValueAtom, type VisitorAttributes } from './visitor.js';
import { resetUserAtom, setContextAtom, setUserAtom, visitorAttributesAtom } from './visitor-sync.js';
import { attachAtom, uploadPolicyAtom, uploadPolicyFrom } from './uploads.js';

export type { Prefetched } from './opening.js';

/** A jotai store. */
export type ChatStore = ReturnType<typeof createStore>;

/** The widget state and every action on it. */
export interface LiveChatState {
  readonly store: ChatStore;
  /** Reopens from the session cookie, or checks availability (SPEC.md §4 "Opening"). */
  start(prefetched?: Prefetched): Promise<void>;
  /** Opens a chat: debounced 200 ms on the leading edge, guarded against re-entry. */
  open(): Promise<void>;
  /** The close control: feedback first when there is something to rate, else close at once. */
  requestClose(): void;
  /** The waiting visitor leaves the queue, which ends the waiting conversation (issue 26). */
  leaveQueue(): Promise<void>;
  /** Folds or unfolds the window (not on mobile) and saves it in the session cookie. */
  toggleFold(): void;
  /** Puts the open window away behind the button, the conversation going on; `open()` brings it back. */
  minimise(): void;
  /** Mutes or unmutes the new-message beep, remembered for later visits. */
  toggleSound(): void;
  /** The composer content changed. */
  composerInput(text: string): void;
  /** Sends the composer content; empty (trimmed) content is not sent. */
  send(text: string): Promise<void>;
  /** Sends a failed post or file again. */
  retry(localId: ThreadMessage['id']): Promise<void>;
  /** The visitor chose, dropped or pasted files (issue 15). */
  attach(files: readonly File[]): Promise<void>;
  /** The channel's upload policy from an init answer's `options.visitor_upload`, checked here. */
  setUploadPolicy(wire: unknown): void;
  /** The thread reports whether it is scrolled to its end. */
  setAtBottom(atBottom: boolean): void;
  /** A smiley was chosen. */
  rate(rate: Rate): Promise<void>;
  /** The reason box was submitted. */
  submitReason(reason: string): Promise<void>;
  /** "No feedback": the chat closes. */
  skipFeedback(): void;
  /** Asks for the transcript by e-mail. */
  sendTranscript(email: string): Promise<void>;
  /** "Try again" after a failed transcript: the form comes back. */
  retryTranscript(): void;
  /** Hides the sticky notice. */
  dismissNotice(): void;
  /** Hides the in-page notice of a new message. */
  dismissMessageNotice(): void;
  /** New attribute values. */
  setOptions(options: WidgetOptions): void;
  /** New values of the visitor attributes (unparsed: checked here, problems reported). */
  setVisitorAttributes(attributes: VisitorAttributes): void;
  /** `setUser({id, hash, name, email})` on the element. */
  setUser(user: unknown): void;
  /** `resetUser()` on the element: the host page's visitor logged out. */
  resetUser(): void;
  /** The element's `context` property was set. */
  setContext(context: unknown): void;
  /** The element's `context` property as last set (undefined after `resetUser()`). */
  contextProperty(): unknown;
  /** "Start the chat" in the pre-chat form; resolves with the fields to correct (none when it went ahead). */
  submitPrechat(answers: PrechatAnswers): Promise<PrechatProblem[]>;
  /** The host page's install banner is `px` high (0: none): the button moves above it. */
  setButtonRaise(px: number): void;
  /** The screen became mobile (SM or smaller) or stopped being so: mobile windows take the screen, unfolded. */
  setMobile(mobile: boolean): void;
  /** The element left the page: the bus stops, the conversation stays in the store. */
  suspend(): void;
  /** The element is back: the bus resumes for the open session. */
  resume(): void;
  /** Stops timers and the bus (the element left the page for good). */
  dispose(): void;
}

/** Creates the store and actions of one `<live-chat>` element. */
export function createLiveChatState(deps: StateDeps, options: WidgetOptions): LiveChatState {
  const store = createStore();
  store.set(depsAtom, deps);
  store.set(optionsAtom, options);
  store.set(mobileAtom, deps.isMobile());
  const stopSoundSync = store.sub(soundMutedSyncAtom, () => undefined);
  return {
    store,
    start: (prefetched) => store.set(startAtom, prefetched),
    open: () => store.set(openAtom),
    requestClose: () => store.set(requestCloseAtom),
    leaveQueue: () => store.set(leaveQueueAtom),
    toggleFold: () => store.set(toggleFoldAtom),
    minimise: () => store.set(minimiseAtom),
    toggleSound: () => store.set(toggleSoundAtom),
    composerInput: (text) => store.set(composerInputAtom, text),
    send: (text) => store.set(sendAtom, text),
    retry: (localId) => store.set(retryAtom, localId),
    attach: (files) => store.set(attachAtom, files),
    setUploadPolicy: (wire) => store.set(uploadPolicyAtom, uploadPolicyFrom(wire)),
    setAtBottom: (atBottom) => store.set(setAtBottomAtom, atBottom),
    rate: (rate) => store.set(rateAtom, rate),
    submitReason: (reason) => store.set(submitReasonAtom, reason),
    skipFeedback: () => store.set(skipFeedbackAtom),
    sendTranscript: (email) => store.set(sendTranscriptAtom, email),
    retryTranscript: () => store.set(retryTranscriptAtom),
    dismissNotice: () => store.set(noticeAtom, undefined),
    dismissMessageNotice: () => store.set(messageNoticeAtom, undefined),
    setOptions: (next) => store.set(optionsAtom, next),
    setVisitorAttributes: (attributes) => store.set(visitorAttributesAtom, attributes),
    setUser: (user) => store.set(setUserAtom, user),
    resetUser: () => store.set(resetUserAtom),
    setContext: (context) => store.set(setContextAtom, context),
    contextProperty: () => store.get(contextValueAtom),
    submitPrechat: (answers) => store.set(submitPrechatAtom, answers),
    setButtonRaise: (px) => store.set(setButtonRaiseAtom, px),
    setMobile: (mobile) => store.set(setMobileAtom, mobile),
    suspend: () => store.set(suspendAtom),
    resume: () => store.set(resumeAtom),
    dispose() {
      store.set(disconnectAtom);
      stopSoundSync();
      store.set(stopThanksAtom);
      store.set(stopAutoPopupAtom);
    },
  };
}
