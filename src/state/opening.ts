/**
 * Opening (SPEC.md §4 "Opening"): reopening from the session cookie, the availability check, the
 * auto-popup and the session request, then the window's fold and mobile rules, as jotai action atoms.
 */
import { atom, type Getter } from 'jotai/vanilla';
import { FIELD_LIMITS, LIMITS, PAGE_URL_PARAM, pageUrlFor, type InitResult, type LivechatRule, type LivechatSession } from '../protocol/livechat.js';
import { connectAtom } from './bus.js';
import { depsOf } from './context.js';
import { welcomeMessage, type ThreadMessage } from './messages.js';
import { failAtom, foldedAtom, historyLoadingAtom, isOpenAtom, mobileAtom, noticeAtom, optionsAtom, phaseAtom, ruleAtom, sessionAtom } from './session.js';
import { createLivechatCookies } from '../platform/cookies/livechat-cookies.js';
import type { CookiePort } from './ports.js';
import { atBottomAtom, loadHistoryAtom, messagesAtom, setFoldedAtom } from './thread.js';


/** The previous operator's partner id as PROTOCOL.md §3.3 sends it (a string), or null. */
function previousOperatorId(cookies: CookiePort): string | null {
  const pid = createLivechatCookies(cookies).readPreviousOperator();
  return pid === undefined ? null : String(pid);
}

/** Cookies written when a chat opens: the session, auto-popup off for an hour, the operator for 7 days. */
function rememberOpenedChat(cookies: CookiePort, session: LivechatSession): void {
  const stored = createLivechatCookies(cookies);
  stored.writeSession(session);
  stored.disableAutoPopup();
  if (session.operator_pid[0]) stored.writePreviousOperator(session.operator_pid[0]);
}

/** What the eager loader already knows when the full widget starts. */
export interface Prefetched {
  /** The `/im_livechat/init` answer the loader received. */
  init?: InitResult;
  /** When it was received (clock ms): the auto-popup delay counts from there. */
  initAt?: number;
}

// Base atoms.

const autoPopupTimerAtom = atom<unknown>(undefined);
/** When opening was last asked for, for the 200 ms debounce. */
const lastOpenAtAtom = atom(Number.NEGATIVE_INFINITY);

// Actions.

const showChatAtom = atom(null, (get, set, session: LivechatSession, messages: readonly ThreadMessage[]) => {
  set(sessionAtom, session);
  set(messagesAtom, messages);
  set(foldedAtom, session.folded && !get(mobileAtom));
  set(atBottomAtom, true);
  set(phaseAtom, 'chat');
  set(connectAtom, session);
  depsOf(get).emit('livechat:open', { uuid: session.uuid, operator: session.operator_pid });
});

const reopenAtom = atom(null, async (_get, set, session: LivechatSession) => {
  set(showChatAtom, session, []);
  set(historyLoadingAtom, true);
  await set(loadHistoryAtom, session);
  set(historyLoadingAtom, false);
});

/** Stops a pending auto-popup. */
export const stopAutoPopupAtom = atom(null, (get, set) => {
  const timer = get(autoPopupTimerAtom);
  if (timer !== undefined) depsOf(get).clock.clearTimeout(timer);
  set(autoPopupTimerAtom, undefined);
});

const scheduleAutoPopupAtom = atom(null, (get, set, rule: LivechatRule, since: number) => {
  const { clock, cookies, isMobile } = depsOf(get);
  if (rule.action !== 'auto_popup' || isMobile() || !createLivechatCookies(cookies).isAutoPopupAllowed()) return;
  const delay = Math.max(0, rule.auto_popup_timer * 1000 - (clock.now() - since));
  const timer = clock.setTimeout(() => {
    set(autoPopupTimerAtom, undefined);
    // The screen may have shrunk to mobile while waiting: no auto-popup there.
    if (!get(mobileAtom)) void set(openAtom);
  }, delay);
  set(autoPopupTimerAtom, timer);
});

const askInit = async (get: Getter): Promise<InitResult> => {
  const channel_id = get(optionsAtom).channelId;
  return (await depsOf(get).rpc('/im_livechat/init', { channel_id, [PAGE_URL_PARAM]: pageUrlFor(globalThis.location?.href) })) as InitResult;
};

/** Reopens from the session cookie, or checks availability (SPEC.md §4 "Opening"). */
export const startAtom = atom(null, async (get, set, prefetched: Prefetched = {}) => {
  const { clock, cookies, emit, pagePath } = depsOf(get);
  const path = pagePath();
  const stored = createLivechatCookies(cookies);
  if (path !== undefined) stored.recordPageVisit(path);
  const session = stored.readSession();
  if (session) {
    emit('livechat:ready', { available: true });
    return set(reopenAtom, session);
  }
  let init: InitResult | undefined = prefetched.init;
  const initAt = prefetched.initAt ?? clock.now();
  if (!init) {
    try {
      init = await askInit(get);
    } catch {
      set(phaseAtom, 'unavailable');
      set(failAtom, 'network', false);
      emit('livechat:ready', { available: false });
      return;
    }
  }
  if (!init || typeof init !== 'object' || !init.available_for_me) {
    set(phaseAtom, 'unavailable');
    emit('livechat:ready', { available: false });
    return;
  }
  const rule = 'action' in init.rule ? (init.rule as LivechatRule) : undefined;
  set(ruleAtom, rule);
  set(phaseAtom, 'button');
  emit('livechat:ready', { available: true });
  if (rule) set(scheduleAutoPopupAtom, rule, initAt);
});

/** A session answer, or undefined when it names no operator. */
function sessionFrom(answer: unknown): LivechatSession | undefined {
  const data = answer as Partial<LivechatSession> | false | null;
  if (!data || !Array.isArray(data.operator_pid) || typeof data.uuid !== 'string') return undefined;
  return {
    id: Number(data.id),
    uuid: data.uuid,
    name: typeof data.name === 'string' ? data.name : '',
    operator_pid: data.operator_pid,
    folded: false,
    state: 'open',
    message_unread_counter: 0,
  };
}

/** Opens a chat: debounced 200 ms on the leading edge, guarded against re-entry. */
export const openAtom = atom(null, async (get, set) => {
  const { clock, cookies, rpc } = depsOf(get);
  const now = clock.now();
  if (get(phaseAtom) !== 'button' || now - get(lastOpenAtAtom) < LIMITS.openDebounceMs) return;
  set(lastOpenAtAtom, now);
  set(stopAutoPopupAtom);
  set(noticeAtom, undefined);
  set(phaseAtom, 'opening');
  const options = get(optionsAtom);
  let answer: unknown;
  try {
    answer = await rpc('/im_livechat/get_session', {
      channel_id: options.channelId,
      anonymous_name: options.defaultUsername.slice(0, FIELD_LIMITS.visitorName),
      previous_operator_id: previousOperatorId(cookies),
    });
  } catch {
    set(phaseAtom, 'button');
    set(failAtom, 'network', true);
    return;
  }
  const session = sessionFrom(answer);
  if (!session) {
    set(phaseAtom, 'button');
    set(failAtom, 'no_operator', true);
    return;
  }
  rememberOpenedChat(cookies, session);
  const welcome = options.defaultMessage ? [welcomeMessage(options.defaultMessage, session.operator_pid, session.id, now)] : [];
  set(showChatAtom, session, welcome);
});

/** Folds or unfolds the window (not on mobile). */
export const toggleFoldAtom = atom(null, (get, set) => {
  if (!get(sessionAtom) || get(mobileAtom) || !get(isOpenAtom)) return;
  set(setFoldedAtom, !get(foldedAtom));
});

/** The screen became mobile or stopped being so. */
export const setMobileAtom = atom(null, (get, set, mobile: boolean) => {
  if (get(mobileAtom) === mobile) return;
  set(mobileAtom, mobile);
  // No folding on mobile (SPEC.md §2.2): a folded window opens to take the screen.
  if (mobile && get(foldedAtom)) set(setFoldedAtom, false);
});
