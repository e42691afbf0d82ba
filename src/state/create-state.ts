/**
 * One widget's state: a jotai store created outside React (so it survives r2wc remounts), the actions
 * the UI and the element call, and the effects (bus subscription, typing timers, auto-popup) behind them.
 */
import { createStore } from 'jotai/vanilla';
import { createNotifier } from '../platform/notify/notifier.js';
import {
  FIELD_LIMITS,
  LIMITS,
  PAGE_URL_PARAM,
  POST_KEY_PARAM,
  pageUrlFor,
  RATING_EMOJI,
  type ChatMessage,
  type InitResult,
  type LivechatRule,
  type LivechatSession,
  type Rate,
} from '../protocol/livechat.js';
import { decodeBusPayload, decodeChatMessage } from '../protocol/bus-payload.js';
import {
  atBottomAtom,
  buttonRaiseAtom,
  closeNeedsFeedbackAtom,
  composerEnabledAtom,
  connectionAtom,
  feedbackAtom,
  foldedAtom,
  historyLoadingAtom,
  messageNoticeAtom,
  messagesAtom,
  mobileAtom,
  noticeAtom,
  optionsAtom,
  phaseAtom,
  ruleAtom,
  sessionAtom,
  soundMutedAtom,
  transcriptAtom,
  typingPartnersAtom,
  unreadCountAtom,
} from './atoms.js';
import { ERROR_TEXTS, type ChatErrorCode } from './errors.js';
import {
  confirmPending,
  fromHistory,
  isVisitorMessage,
  pendingMessage,
  receiveMessage,
  removeMessage,
  updateMessage,
  welcomeMessage,
  type ThreadMessage,
} from './messages.js';
import type { WidgetOptions } from './options.js';
import type { BusSubscription, StateDeps, TimerHandle } from './ports.js';
import {
  autoPopupAllowed,
  clearSession,
  previousOperator,
  readPageHistory,
  readSession,
  recordPageVisit,
  rememberOpenedChat,
  writeSession,
} from './session-cookie.js';
import { parseTranscriptEmail } from './transcript.js';
import { createOthersTyping, createOwnTyping, type OwnTyping } from '../platform/typing/index.js';

/** A jotai store. */
export type ChatStore = ReturnType<typeof createStore>;

/** What the eager loader already knows when the full widget starts. */
export interface Prefetched {
  /** The `/im_livechat/init` answer the loader received. */
  init?: InitResult;
  /** When it was received (clock ms): the auto-popup delay counts from there. */
  initAt?: number;
}

/** The widget state and every action on it. */
export interface LiveChatState {
  readonly store: ChatStore;
  /** Reopens from the session cookie, or checks availability (SPEC.md §4 "Opening"). */
  start(prefetched?: Prefetched): Promise<void>;
  /** Opens a chat: debounced 200 ms on the leading edge, guarded against re-entry. */
  open(): Promise<void>;
  /** The close control: feedback first when there is something to rate, else close at once. */
  requestClose(): void;
  /** Folds or unfolds the window (not on mobile) and saves it in the session cookie. */
  toggleFold(): void;
  /** Mutes or unmutes the new-message beep, remembered for later visits. */
  toggleSound(): void;
  /** The composer content changed. */
  composerInput(text: string): void;
  /** Sends the composer content; empty (trimmed) content is not sent. */
  send(text: string): Promise<void>;
  /** Sends a failed post again. */
  retry(localId: ThreadMessage['id']): Promise<void>;
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

let pendingCounter = 0;

// Sending ends typing at once, outside the throttle: the operator must not see a stale marker.
const VISITOR_TYPING = { stopOnSend: 'at-once', stopOnDispose: 'silent' } as const;

/** Creates the store and actions of one `<live-chat>` element. */
export function createLiveChatState(deps: StateDeps, options: WidgetOptions): LiveChatState {
  const store = createStore();
  const { clock, cookies, rpc, emit } = deps;
  store.set(optionsAtom, options);
  store.set(mobileAtom, deps.isMobile());

  let subscription: BusSubscription | undefined;
  let ownTyping: OwnTyping | undefined;
  let autoPopupTimer: TimerHandle | undefined;
  let thanksTimer: TimerHandle | undefined;
  let lastOpenAt = -Infinity;
  const { attention } = deps;
  store.set(soundMutedAtom, attention.soundMuted());
  const stopSoundWatch = attention.onSoundMutedChange((muted) => store.set(soundMutedAtom, muted));
  // SPEC.md §6: desktop notification from the master tab when permitted, else an in-page notice (every
  // tab) and the beep (master tab only).
  const notify = createNotifier({
    isMaster: () => attention.isMasterTab(),
    showInPage: (notice) => store.set(messageNoticeAtom, notice),
    beep: () => {
      if (!attention.soundMuted()) attention.beep();
    },
    desktop: attention.desktop(),
  });
  const othersTyping = createOthersTyping(clock, (ids) => store.set(typingPartnersAtom, ids));

  const fail = (code: ChatErrorCode, sticky: boolean): void => {
    if (sticky) store.set(noticeAtom, { code });
    emit('livechat:error', { code, message: ERROR_TEXTS[code] });
  };

  const setUnread = (count: number): void => {
    if (store.get(unreadCountAtom) === count) return;
    store.set(unreadCountAtom, count);
    emit('livechat:unread', { count });
  };

  const saveSession = (patch: Partial<LivechatSession>): void => {
    const session = store.get(sessionAtom);
    if (!session) return;
    const next = { ...session, ...patch };
    store.set(sessionAtom, next);
    writeSession(cookies, next);
  };

  const setFolded = (folded: boolean): void => {
    if (store.get(foldedAtom) === folded) return;
    store.set(foldedAtom, folded);
    saveSession({ folded, state: folded ? 'folded' : 'open' });
    emit('livechat:fold', { folded });
    if (!folded) store.set(messageNoticeAtom, undefined);
    // Unfolded with the thread at its end, the messages that arrived while folded are in view now.
    if (!folded && store.get(atBottomAtom)) setUnread(0);
  };

  // Effects: the bus subscription of the open session.

  const onMessage = (message: ChatMessage): void => {
    if (message.author_id && message.author_id[0]) othersTyping.clear(message.author_id[0]);
    const { list, added } = receiveMessage(store.get(messagesAtom), message);
    store.set(messagesAtom, list);
    if (!added || isVisitorMessage(message)) return;
    emit('livechat:message', { direction: 'in', message });
    if (store.get(foldedAtom) || !store.get(atBottomAtom)) setUnread(store.get(unreadCountAtom) + 1);
    if (store.get(foldedAtom) || attention.pageHidden()) {
      const author = message.author_id ? message.author_id[1] : store.get(optionsAtom).defaultUsername;
      notify(attention.noticeFor(author, message.body));
    }
  };

  const onPayload = (raw: unknown): void => {
    const session = store.get(sessionAtom);
    if (!session) return;
    const payload = decodeBusPayload(raw);
    switch (payload.kind) {
      case 'history_command':
        rpc('/im_livechat/history', { pid: session.operator_pid[0], channel_uuid: session.uuid, page_history: readPageHistory(cookies).map((p) => p.slice(0, FIELD_LIMITS.pageHistoryEntry)) }).catch(() => undefined);
        return;
      case 'typing_status':
        // The visitor's own typing echoes back on its uuid (PROTOCOL.md §5.4); it is never shown back.
        if (!payload.fromVisitor && payload.partnerId !== undefined) othersTyping.set(payload.partnerId, payload.isTyping);
        return;
      case 'message':
        return onMessage(payload.message);
      case 'session_closed':
        // The operator ended the conversation: the visitor may still rate it, as when closing themselves.
        if (store.get(phaseAtom) !== 'chat') return;
        if (store.get(closeNeedsFeedbackAtom)) {
          setFolded(false);
          store.set(phaseAtom, 'feedback');
          return;
        }
        return endChat();
      default:
        return;
    }
  };

  const connect = (session: LivechatSession): void => {
    subscription?.close();
    store.set(connectionAtom, 'connecting');
    subscription = deps.bus.subscribe(session.uuid, onPayload, (status) => store.set(connectionAtom, status));
    ownTyping?.dispose();
    ownTyping = createOwnTyping(
      clock,
      (isTyping) => {
        rpc('/im_livechat/notify_typing', { uuid: session.uuid, is_typing: isTyping }).catch(() => undefined);
      },
      VISITOR_TYPING,
    );
  };

  const disconnect = (): void => {
    subscription?.close();
    subscription = undefined;
    ownTyping?.dispose();
    ownTyping = undefined;
    othersTyping.dispose();
    store.set(typingPartnersAtom, []);
  };

  const endChat = (): void => {
    const session = store.get(sessionAtom);
    disconnect();
    clearSession(cookies);
    store.set(sessionAtom, undefined);
    store.set(messagesAtom, []);
    store.set(feedbackAtom, { step: 'choose', rate: undefined });
    store.set(transcriptAtom, 'idle');
    store.set(messageNoticeAtom, undefined);
    store.set(foldedAtom, false);
    setUnread(0);
    store.set(phaseAtom, 'button');
    if (session) emit('livechat:closed', { uuid: session.uuid });
  };

  const showChat = (session: LivechatSession, messages: readonly ThreadMessage[]): void => {
    store.set(sessionAtom, session);
    store.set(messagesAtom, messages);
    store.set(foldedAtom, session.folded && !store.get(mobileAtom));
    store.set(atBottomAtom, true);
    store.set(phaseAtom, 'chat');
    connect(session);
    emit('livechat:open', { uuid: session.uuid, operator: session.operator_pid });
  };

  const reopen = async (session: LivechatSession): Promise<void> => {
    showChat(session, []);
    store.set(historyLoadingAtom, true);
    try {
      const history = await rpc('/mail/chat_history', { uuid: session.uuid, limit: LIMITS.historyLoadLimit });
      const messages = Array.isArray(history) ? history.map(decodeChatMessage).filter((m) => m !== undefined) : [];
      let list = fromHistory(messages);
      // Bus messages that arrived while the history loaded stay, after the history.
      for (const m of store.get(messagesAtom)) list = receiveMessage(list, m).list;
      store.set(messagesAtom, list);
    } catch {
      fail('network', false);
    } finally {
      store.set(historyLoadingAtom, false);
    }
  };

  const scheduleAutoPopup = (rule: LivechatRule, since: number): void => {
    if (rule.action !== 'auto_popup' || deps.isMobile() || !autoPopupAllowed(cookies)) return;
    const delay = Math.max(0, rule.auto_popup_timer * 1000 - (clock.now() - since));
    autoPopupTimer = clock.setTimeout(() => {
      autoPopupTimer = undefined;
      // The screen may have shrunk to mobile while waiting: no auto-popup there.
      if (!store.get(mobileAtom)) void open();
    }, delay);
  };

  async function start(prefetched: Prefetched = {}): Promise<void> {
    const path = deps.pagePath();
    if (path !== undefined) recordPageVisit(cookies, path);
    const session = readSession(cookies);
    if (session) {
      emit('livechat:ready', { available: true });
      return reopen(session);
    }
    let init: InitResult | undefined = prefetched.init;
    const initAt = prefetched.initAt ?? clock.now();
    if (!init) {
      try {
        init = (await rpc('/im_livechat/init', { channel_id: store.get(optionsAtom).channelId, [PAGE_URL_PARAM]: pageUrlFor(globalThis.location?.href) })) as InitResult;
      } catch {
        store.set(phaseAtom, 'unavailable');
        fail('network', false);
        emit('livechat:ready', { available: false });
        return;
      }
    }
    if (!init || typeof init !== 'object' || !init.available_for_me) {
      store.set(phaseAtom, 'unavailable');
      emit('livechat:ready', { available: false });
      return;
    }
    const rule = 'action' in init.rule ? (init.rule as LivechatRule) : undefined;
    store.set(ruleAtom, rule);
    store.set(phaseAtom, 'button');
    emit('livechat:ready', { available: true });
    if (rule) scheduleAutoPopup(rule, initAt);
  }

  async function open(): Promise<void> {
    const now = clock.now();
    const phase = store.get(phaseAtom);
    if (phase !== 'button' || now - lastOpenAt < LIMITS.openDebounceMs) return;
    lastOpenAt = now;
    if (autoPopupTimer !== undefined) clock.clearTimeout(autoPopupTimer);
    autoPopupTimer = undefined;
    store.set(noticeAtom, undefined);
    store.set(phaseAtom, 'opening');
    const options = store.get(optionsAtom);
    let answer: unknown;
    try {
      answer = await rpc('/im_livechat/get_session', {
        channel_id: options.channelId,
        anonymous_name: options.defaultUsername.slice(0, FIELD_LIMITS.visitorName),
        previous_operator_id: previousOperator(cookies),
      });
    } catch {
      store.set(phaseAtom, 'button');
      fail('network', true);
      return;
    }
    const data = answer as Partial<LivechatSession> | false | null;
    if (!data || !Array.isArray(data.operator_pid) || typeof data.uuid !== 'string') {
      store.set(phaseAtom, 'button');
      fail('no_operator', true);
      return;
    }
    const session: LivechatSession = {
      id: Number(data.id),
      uuid: data.uuid,
      name: typeof data.name === 'string' ? data.name : '',
      operator_pid: data.operator_pid,
      folded: false,
      state: 'open',
      message_unread_counter: 0,
    };
    rememberOpenedChat(cookies, session);
    const welcome = options.defaultMessage ? [welcomeMessage(options.defaultMessage, session.operator_pid, session.id, now)] : [];
    showChat(session, welcome);
  }

  /**
   * Posts once and, on any failure, once more (SPEC.md §8 "Failed message post"). Both attempts carry the
   * same key: when the first reached the server but its answer was lost, the server answers the retry
   * with the stored message instead of storing it twice.
   */
  const postWithRetry = async (uuid: string, content: string, postKey: string | undefined): Promise<unknown> => {
    const params = { uuid, message_content: content, ...(postKey ? { [POST_KEY_PARAM]: postKey } : {}) };
    try {
      return await rpc('/mail/chat_post', params);
    } catch {
      return rpc('/mail/chat_post', params);
    }
  };

  const deliver = async (localId: string, text: string, postKey: string | undefined): Promise<void> => {
    const session = store.get(sessionAtom);
    if (!session) return;
    let id: unknown;
    try {
      id = await postWithRetry(session.uuid, text, postKey);
    } catch {
      // The server stored it after all: its announcement, carrying the key, already took the pending copy's place.
      if (postKey && store.get(messagesAtom).some((m) => m.postKey === postKey && m.delivery === 'sent')) return;
      if (store.get(sessionAtom) === session) store.set(messagesAtom, updateMessage(store.get(messagesAtom), localId, { delivery: 'failed' }));
      fail('post_failed', false);
      return;
    }
    if (store.get(sessionAtom)?.uuid !== session.uuid) return;
    if (typeof id !== 'number' || !id) {
      store.set(messagesAtom, removeMessage(store.get(messagesAtom), localId));
      fail('session_expired', true);
      endChat();
      return;
    }
    const list = confirmPending(store.get(messagesAtom), localId, id);
    store.set(messagesAtom, list);
    const message = list.find((m) => m.id === id);
    if (message) emit('livechat:message', { direction: 'out', message });
  };

  async function send(text: string): Promise<void> {
    const content = text.trim();
    const session = store.get(sessionAtom);
    if (!content || !session || !store.get(composerEnabledAtom)) return;
    ownTyping?.sent();
    const localId = `_pending_${++pendingCounter}`;
    const options = store.get(optionsAtom);
    const pending = pendingMessage(localId, content, options.defaultUsername, session.id, clock.now());
    store.set(messagesAtom, [...store.get(messagesAtom), pending]);
    await deliver(localId, content, pending.postKey);
  }

  async function retry(localId: ThreadMessage['id']): Promise<void> {
    const m = store.get(messagesAtom).find((x) => x.id === localId);
    if (!m || m.delivery !== 'failed' || !m.draft || typeof localId !== 'string') return;
    store.set(messagesAtom, updateMessage(store.get(messagesAtom), localId, { delivery: 'sending' }));
    await deliver(localId, m.draft, m.postKey);
  }

  const sendFeedback = async (rate: Rate, reason: string): Promise<void> => {
    const session = store.get(sessionAtom);
    if (!session) return;
    store.set(feedbackAtom, { step: 'thanks', rate });
    const thankedAt = clock.now();
    try {
      await rpc('/im_livechat/feedback', { uuid: session.uuid, rate, ...(reason ? { reason } : {}) });
      emit('livechat:feedback', { rate, reason });
      // The answer is deliberately not read: once the operator closed the session the server refuses posts
      // with a falsy answer, and "Session expired" would be wrong for a conversation that is ending anyway.
      await rpc('/mail/chat_post', { uuid: session.uuid, message_content: `Rating: ${RATING_EMOJI[rate]}${reason ? ` \n${reason}` : ''}` });
    } catch {
      fail('network', false);
    }
    // The visitor may have closed the window during the calls.
    if (store.get(sessionAtom) !== session) return;
    // The conversation is over: a reload during the thanks must not bring it back.
    disconnect();
    clearSession(cookies);
    // SPEC.md §4 "Feedback": the chat closes after the rating; the thanks stay just long enough to be read,
    // counted from when they appeared so slow calls do not hold the window open longer.
    const wait = Math.max(0, LIMITS.feedbackThanksMs - (clock.now() - thankedAt));
    thanksTimer = clock.setTimeout(() => {
      thanksTimer = undefined;
      if (store.get(sessionAtom) === session) endChat();
    }, wait);
  };

  const dismiss = (): void => {
    if (thanksTimer !== undefined) clock.clearTimeout(thanksTimer);
    thanksTimer = undefined;
    endChat();
  };

  const state: LiveChatState = {
    store,
    start,
    open,
    requestClose() {
      const phase = store.get(phaseAtom);
      if (phase === 'feedback') return dismiss();
      if (phase !== 'chat') return;
      if (store.get(closeNeedsFeedbackAtom)) {
        setFolded(false);
        store.set(phaseAtom, 'feedback');
        return;
      }
      endChat();
    },
    toggleFold() {
      if (!store.get(sessionAtom) || store.get(mobileAtom) || !(store.get(phaseAtom) === 'chat' || store.get(phaseAtom) === 'feedback')) return;
      setFolded(!store.get(foldedAtom));
    },
    toggleSound() {
      const muted = !store.get(soundMutedAtom);
      store.set(soundMutedAtom, muted);
      attention.setSoundMuted(muted);
    },
    composerInput(text) {
      if (store.get(composerEnabledAtom)) ownTyping?.input(text.trim() !== '');
    },
    send,
    retry,
    setAtBottom(atBottom) {
      store.set(atBottomAtom, atBottom);
      if (atBottom && !store.get(foldedAtom)) setUnread(0);
    },
    async rate(rate) {
      const fb = store.get(feedbackAtom);
      if (store.get(phaseAtom) !== 'feedback' || fb.step === 'sending' || fb.step === 'thanks') return;
      if (rate === 5) return sendFeedback(rate, '');
      store.set(feedbackAtom, { step: 'reason', rate });
    },
    async submitReason(reason) {
      const fb = store.get(feedbackAtom);
      // Feedback goes out only with a numeric rating (SPEC.md §5).
      if (fb.step !== 'reason' || typeof fb.rate !== 'number') return;
      return sendFeedback(fb.rate, reason.trim());
    },
    skipFeedback() {
      if (store.get(phaseAtom) === 'feedback') dismiss();
    },
    async sendTranscript(input) {
      const session = store.get(sessionAtom);
      if (!session || store.get(transcriptAtom) === 'sending') return;
      const email = parseTranscriptEmail(input);
      if (!email) {
        store.set(transcriptAtom, 'invalid');
        return;
      }
      store.set(transcriptAtom, 'sending');
      try {
        await rpc('/im_livechat/email_livechat_transcript', { uuid: session.uuid, email });
        store.set(transcriptAtom, 'sent');
        emit('livechat:transcript', { ok: true });
      } catch {
        store.set(transcriptAtom, 'failed');
        emit('livechat:transcript', { ok: false });
      }
    },
    retryTranscript() {
      if (store.get(transcriptAtom) === 'failed') store.set(transcriptAtom, 'idle');
    },
    dismissNotice() {
      store.set(noticeAtom, undefined);
    },
    dismissMessageNotice() {
      store.set(messageNoticeAtom, undefined);
    },
    setOptions(next) {
      store.set(optionsAtom, next);
    },
    setMobile(mobile) {
      if (store.get(mobileAtom) === mobile) return;
      store.set(mobileAtom, mobile);
      // No folding on mobile (SPEC.md §2.2): a folded window opens to take the screen.
      if (mobile && store.get(foldedAtom)) setFolded(false);
    },
    setButtonRaise(px) {
      store.set(buttonRaiseAtom, Number.isFinite(px) && px > 0 ? px : 0);
    },
    suspend() {
      disconnect();
    },
    resume() {
      const session = store.get(sessionAtom);
      if (session && !subscription && (store.get(phaseAtom) === 'chat' || store.get(phaseAtom) === 'feedback')) connect(session);
    },
    dispose() {
      disconnect();
      stopSoundWatch();
      if (thanksTimer !== undefined) clock.clearTimeout(thanksTimer);
      thanksTimer = undefined;
      if (autoPopupTimer !== undefined) clock.clearTimeout(autoPopupTimer);
      autoPopupTimer = undefined;
    },
  };
  return state;
}

