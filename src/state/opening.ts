/**
 * Opening (SPEC.md §4 "Opening"): reopening from the session cookie, the availability check, the
 * auto-popup and the session request, then the window's fold and mobile rules, as jotai action atoms.
 */
import { atom, type Getter } from 'jotai/vanilla';
import { LIMITS, PAGE_URL_PARAM, pageUrlFor, type InitResult, type LivechatRule } from '../protocol/livechat.js';
import { depsOf } from './context.js';
import { restoreKeptDraftAtom } from './conversation-end.js';
import { failAtom, foldedAtom, isOpenAtom, lastOpenAtAtom, minimisedAtom, mobileAtom, noticeAtom, optionsAtom, phaseAtom, ruleAtom, sessionAtom, windowMinimisedAtom } from './session.js';
import { createLivechatCookies } from '../platform/cookies/livechat-cookies.js';
import { setFoldedAtom } from './thread.js';
import { restoreAtom } from './minimising.js';
import { prechatFormAtom, prechatFormOf, prechatNeededAtom, showPrechatAtom } from './prechat.js';
import { reopenAtom, requestSessionAtom } from './session-request.js';
import { claimedIdAtom, visitorParams } from './visitor.js';
import { syncVisitorAtom } from './visitor-sync.js';
import { INIT_ROUTE } from '../protocol/routes.js';

/** What the eager loader already knows when the full widget starts. */
export interface Prefetched {
  /** The `/im_livechat/init` answer the loader received. */
  init?: InitResult;
  /** When it was received (clock ms): the auto-popup delay counts from there. */
  initAt?: number;
}

// Base atoms.

const autoPopupTimerAtom = atom<unknown>(undefined);

// Actions.

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
  return (await depsOf(get).rpc(INIT_ROUTE, { channel_id, [PAGE_URL_PARAM]: pageUrlFor(globalThis.location?.href) })) as InitResult;
};

/** Reopens from the session cookie, or checks availability (SPEC.md §4 "Opening"). */
export const startAtom = atom(null, async (get, set, prefetched: Prefetched = {}) => {
  const { clock, cookies, emit, pagePath } = depsOf(get);
  const path = pagePath();
  const stored = createLivechatCookies(cookies);
  if (path !== undefined) stored.recordPageVisit(path);
  set(restoreKeptDraftAtom);
  let session = stored.readSession();
  // The page now declares another verified visitor (someone else logged in on this browser): the
  // conversation in the cookie is not theirs.
  const claimed = get(claimedIdAtom);
  if (session?.visitor_id && claimed && claimed.id !== session.visitor_id) {
    stored.clearSession();
    session = undefined;
  }
  if (session) {
    emit('livechat:ready', { available: true });
    await set(reopenAtom, session);
    // What the page says of its visitor now (signed in meanwhile, another page's context) reaches the operator.
    if (Object.keys(visitorParams(get)).some((key) => key !== 'time_zone' && key !== 'language')) void set(syncVisitorAtom);
    return;
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
  set(prechatFormAtom, prechatFormOf(init.options));
  set(phaseAtom, 'button');
  emit('livechat:ready', { available: true });
  if (rule) set(scheduleAutoPopupAtom, rule, initAt);
});

/**
 * Opens a chat: debounced 200 ms on the leading edge, guarded against re-entry. The channel's pre-chat
 * form comes first for a visitor the host page did not identify.
 */
export const openAtom = atom(null, async (get, set) => {
  // The button in place of a minimised window brings that window back, the conversation as it was.
  if (get(windowMinimisedAtom)) return set(restoreAtom);
  const now = depsOf(get).clock.now();
  if (get(phaseAtom) !== 'button' || now - get(lastOpenAtAtom) < LIMITS.openDebounceMs) return;
  set(lastOpenAtAtom, now);
  set(minimisedAtom, false);
  set(stopAutoPopupAtom);
  set(noticeAtom, undefined);
  if (get(prechatNeededAtom)) return set(showPrechatAtom);
  set(phaseAtom, 'opening');
  await set(requestSessionAtom);
});

/** Folds or unfolds the window (not on mobile). */
export const toggleFoldAtom = atom(null, (get, set) => {
  if ((!get(sessionAtom) && get(phaseAtom) !== 'prechat') || get(mobileAtom) || !get(isOpenAtom)) return;
  set(setFoldedAtom, !get(foldedAtom));
});

/** The screen became mobile or stopped being so. */
export const setMobileAtom = atom(null, (get, set, mobile: boolean) => {
  if (get(mobileAtom) === mobile) return;
  set(mobileAtom, mobile);
  // No folding on mobile (SPEC.md §2.2): a folded window opens to take the screen.
  if (mobile && get(foldedAtom)) set(setFoldedAtom, false);
});
