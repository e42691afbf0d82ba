/**
 * What the host page does about its visitor while the widget runs (issue 14): `setUser()`, `resetUser()`,
 * the `context` property and the visitor attributes. An open conversation hears of each change through
 * `/im_livechat/visitor_update`, at most one call at a time and one every few seconds, so a page that sets
 * its context in a loop stays within the server's allowance and the operator gets the newest values.
 */
import { atom } from 'jotai/vanilla';
import { markHandled } from '../platform/errors.js';
import { createLivechatCookies } from '../platform/cookies/livechat-cookies.js';
import { depsOf } from './context.js';
import { endChatAtom } from './lifecycle.js';
import { phaseAtom, saveSessionAtom, sessionAtom } from './session.js';
import { isIdentityRejection, loadEarlierAtom, rejectIdentityAtom } from './session-request.js';
import {
  claimedIdAtom,
  earlierConversationsAtom,
  methodUserAtom,
  prechatAnswersAtom,
  setContextPropertyAtom,
  setMethodUserAtom,
  setVisitorAttributesAtom,
  visitorParams,
  type VisitorAttributes,
} from './visitor.js';
import { VISITOR_UPDATE_ROUTE } from '../protocol/routes.js';

/** Least time between two updates of one conversation: ten a minute is the server's allowance. */
export const VISITOR_UPDATE_SPACING_MS = 6_000;

type SyncStep = 'idle' | 'sending' | 'waiting';

const syncStepAtom = atom<SyncStep>('idle');
/** Something changed while an update was on its way or waiting: one more goes after it. */
const syncAgainAtom = atom(false);

const runSyncAtom = atom(null, async (get, set): Promise<void> => {
  const session = get(sessionAtom);
  if (!session || get(phaseAtom) !== 'chat') return;
  if (get(syncStepAtom) !== 'idle') return set(syncAgainAtom, true);
  set(syncStepAtom, 'sending');
  set(syncAgainAtom, false);
  const { clock, rpc } = depsOf(get);
  try {
    const answer = (await rpc(VISITOR_UPDATE_ROUTE, { uuid: session.uuid, ...visitorParams(get) })) as { identity?: unknown; visitor_id?: unknown } | false;
    const verifiedId = answer && answer.identity === 'verified' && typeof answer.visitor_id === 'string' ? answer.visitor_id : undefined;
    if (verifiedId && get(sessionAtom) === session && session.visitor_id !== verifiedId) {
      set(saveSessionAtom, { visitor_id: verifiedId });
      void set(loadEarlierAtom, { ...session, visitor_id: verifiedId });
    }
  } catch (err) {
    markHandled(err);
    if (isIdentityRejection(err)) {
      set(rejectIdentityAtom);
      set(syncAgainAtom, true);
    }
    // Anything else (offline, over the allowance, a conversation of another verified visitor) changes
    // nothing the visitor sees: the next change tries again.
  }
  set(syncStepAtom, 'waiting');
  clock.setTimeout(() => {
    set(syncStepAtom, 'idle');
    // Through the public atom: an atom that sets itself sets its value instead of running its write.
    if (get(syncAgainAtom)) void set(syncVisitorAtom);
  }, VISITOR_UPDATE_SPACING_MS);
});

/** Tells the open conversation what the host page now says about its visitor. */
export const syncVisitorAtom = atom(null, (_get, set): Promise<void> => set(runSyncAtom));

/** New visitor attributes. */
export const visitorAttributesAtom = atom(null, (_get, set, raw: VisitorAttributes) => {
  if (set(setVisitorAttributesAtom, raw)) void set(syncVisitorAtom);
});

/** `context = …`. */
export const setContextAtom = atom(null, (_get, set, raw: unknown) => {
  if (set(setContextPropertyAtom, raw)) void set(syncVisitorAtom);
});

/** Ends the local conversation and forgets every cookie of the widget, as a log-out must. */
const forgetVisitorAtom = atom(null, (get, set) => {
  if (get(sessionAtom)) set(endChatAtom);
  else if (get(phaseAtom) === 'prechat' || get(phaseAtom) === 'opening') set(phaseAtom, 'button');
  createLivechatCookies(depsOf(get).cookies).clearAll();
  set(earlierConversationsAtom, []);
  set(prechatAnswersAtom, {});
});

/**
 * `setUser({id, hash, name, email})`: the host page's visitor, over the attributes. A conversation of
 * another verified visitor ends here first: it is not this visitor's to read.
 */
export const setUserAtom = atom(null, (get, set, raw: unknown) => {
  if (!set(setMethodUserAtom, raw)) return;
  const session = get(sessionAtom);
  const claimed = get(claimedIdAtom);
  if (session?.visitor_id && claimed && claimed.id !== session.visitor_id) {
    const user = get(methodUserAtom);
    set(forgetVisitorAtom);
    set(methodUserAtom, user);
    return;
  }
  void set(syncVisitorAtom);
});

/** `resetUser()`, for the host's log-out: the conversation ends here, the cookies go, the visitor is anonymous. */
export const resetUserAtom = atom(null, (_get, set) => {
  set(forgetVisitorAtom);
  set(methodUserAtom, undefined);
  set(setContextPropertyAtom, undefined);
});
