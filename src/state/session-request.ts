/**
 * Asking for a conversation and showing it (SPEC.md §4 "Opening"), with who the visitor is (issue 14):
 * the declared identity goes with `/im_livechat/get_session`; a refused one is reported once and the
 * visitor goes on anonymously; a verified visitor's open conversation comes back with its history, and
 * their earlier conversations load above it.
 */
import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { RpcServerError, markHandled } from '../platform/errors.js';
import { createLivechatCookies } from '../platform/cookies/livechat-cookies.js';
import { decodeChatMessage } from '../protocol/bus-payload.js';
import { FIELD_LIMITS, type LivechatSession } from '../protocol/livechat.js';
import { queuePlaceOf, type QueuePlace } from '../protocol/queue.js';
import { EARLIER_CONVERSATIONS_MAX, IDENTITY_REJECTED, type EarlierConversation } from '../protocol/visitor.js';
import { connectAtom } from './bus.js';
import { conversationState, serverEndedAtom } from './conversation-end.js';
import { depsOf } from './context.js';
import { welcomeMessage, type ThreadMessage } from './messages.js';
import type { CookiePort } from './ports.js';
import { endedAtom, failAtom, foldedAtom, historyLoadingAtom, minimisedAtom, mobileAtom, optionsAtom, phaseAtom, queuePlaceAtom, sessionAtom } from './session.js';
import { atBottomAtom, loadHistoryAtom, messagesAtom, setUnreadAtom } from './thread.js';
import { claimKey, claimedIdAtom, earlierConversationsAtom, hashLooksValid, rejectedIdentityAtom, visitorParams } from './visitor.js';
import { EARLIER_CONVERSATIONS_ROUTE, GET_SESSION_ROUTE } from '../protocol/routes.js';

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

/** A session answer, or undefined when it names no operator; `resumed` when it is a verified visitor's open one. */
function sessionFrom(answer: unknown): { session: LivechatSession; resumed: boolean; queue: QueuePlace | undefined } | undefined {
  const data = answer as (Partial<LivechatSession> & { identity?: unknown; resumed?: unknown; queue?: unknown }) | false | null;
  if (!data || !Array.isArray(data.operator_pid) || typeof data.uuid !== 'string') return undefined;
  const verified = data.identity === 'verified' && typeof data.visitor_id === 'string';
  const session: LivechatSession = {
    id: Number(data.id),
    uuid: data.uuid,
    name: typeof data.name === 'string' ? data.name : '',
    operator_pid: data.operator_pid,
    folded: false,
    state: 'open',
    message_unread_counter: 0,
    ...(verified ? { visitor_id: data.visitor_id } : {}),
  };
  return { session, resumed: data.resumed === true, queue: queuePlaceOf(data.queue) };
}

/** Shows the window for `session` with `messages`, and listens to its channel. */
export const showChatAtom = atom(null, (get, set, session: LivechatSession, messages: readonly ThreadMessage[]) => {
  set(sessionAtom, session);
  set(queuePlaceAtom, undefined);
  set(messagesAtom, messages);
  set(foldedAtom, session.folded && !get(mobileAtom));
  set(minimisedAtom, session.minimised === true);
  set(atBottomAtom, true);
  set(phaseAtom, 'chat');
  // Out of sight on the page before, the window comes back so, with what was unread there.
  if (get(foldedAtom) || session.minimised) set(setUnreadAtom, session.message_unread_counter);
  set(connectAtom, session);
  depsOf(get).emit('livechat:open', { uuid: session.uuid, operator: session.operator_pid });
});

/** The verified visitor's earlier conversations, oldest first; nothing for anyone else. */
export const loadEarlierAtom = atom(null, async (get, set, session: LivechatSession) => {
  if (!session.visitor_id) return;
  try {
    const answer = await depsOf(get).rpc(EARLIER_CONVERSATIONS_ROUTE, { uuid: session.uuid });
    if (get(sessionAtom)?.uuid !== session.uuid || !Array.isArray(answer)) return;
    const earlier = (answer as EarlierConversation[]).slice(0, EARLIER_CONVERSATIONS_MAX).map((c) => ({
      id: Number(c.id),
      created_at: Number(c.created_at),
      closed_at: typeof c.closed_at === 'number' ? c.closed_at : null,
      messages: Array.isArray(c.messages) ? c.messages.map(decodeChatMessage).filter((m) => m !== undefined) : [],
    }));
    set(earlierConversationsAtom, earlier.reverse());
  } catch (err) {
    // Earlier conversations are a courtesy: the current one works without them.
    markHandled(err);
  }
});

/**
 * Shows a conversation that already exists (from the cookie, or a verified visitor's open one) with its
 * history. The composer waits until the server says the conversation is still live: one the operator
 * closed meanwhile shows as ended.
 */
export const reopenAtom = atom(null, async (get, set, session: LivechatSession) => {
  set(showChatAtom, session, []);
  set(historyLoadingAtom, true);
  const [state] = await Promise.all([conversationState(get, session, set), set(loadHistoryAtom, session)]);
  set(historyLoadingAtom, false);
  // The visitor may have closed the window meanwhile.
  if (get(sessionAtom)?.uuid !== session.uuid) return;
  // Closed before the reload, or while reopening (the bus told it meanwhile).
  if (state === 'closed' || get(endedAtom)) return set(serverEndedAtom);
  void set(loadEarlierAtom, session);
});

/** The claimed identity was refused: reported once, and not claimed again until the host gives another. */
export const rejectIdentityAtom = atom(null, (get, set) => {
  const claimed = get(claimedIdAtom);
  if (claimed) set(rejectedIdentityAtom, claimKey(claimed));
  set(failAtom, 'identity_rejected', false);
});

/** Whether a call failed because the server refused the visitor's identity. */
export function isIdentityRejection(err: unknown): boolean {
  return err instanceof RpcServerError && err.error.data?.name === IDENTITY_REJECTED;
}

async function askSession(get: Getter, set: Setter): Promise<unknown> {
  const { cookies, rpc } = depsOf(get);
  const claimed = get(claimedIdAtom);
  // A hash that cannot be an HMAC-SHA256 is a wrong hash: refused without asking.
  if (claimed?.hash !== undefined && !hashLooksValid(claimed.hash)) set(rejectIdentityAtom);
  const options = get(optionsAtom);
  const pages = createLivechatCookies(cookies).readPageHistory().filter((p) => p.length <= FIELD_LIMITS.pageHistoryEntry);
  const params = () => ({
    channel_id: options.channelId,
    anonymous_name: options.defaultUsername.slice(0, FIELD_LIMITS.visitorName),
    previous_operator_id: previousOperatorId(cookies),
    ...visitorParams(get),
    ...(pages.length > 0 ? { page_history: pages } : {}),
  });
  try {
    return await rpc(GET_SESSION_ROUTE, params());
  } catch (err) {
    if (!isIdentityRejection(err)) throw err;
    markHandled(err);
    set(rejectIdentityAtom);
    return rpc(GET_SESSION_ROUTE, params());
  }
}

/** Asks for a conversation and shows it; back to the button with a notice when none can start. */
export const requestSessionAtom = atom(null, async (get, set) => {
  const { clock, cookies } = depsOf(get);
  let answer: unknown;
  try {
    answer = await askSession(get, set);
  } catch {
    set(phaseAtom, 'button');
    set(failAtom, 'network', true);
    return;
  }
  const started = sessionFrom(answer);
  if (!started) {
    // The form takes the button's place until the visitor closes it; without a form, SPEC.md §8's notice.
    const backToButton = (): void => {
      if (get(phaseAtom) === 'unavailable') set(phaseAtom, 'button');
    };
    if (depsOf(get).offlineForm?.(backToButton)) return set(phaseAtom, 'unavailable');
    set(phaseAtom, 'button');
    set(failAtom, 'no_operator', true);
    return;
  }
  const { session, resumed } = started;
  rememberOpenedChat(cookies, session);
  if (resumed) return set(reopenAtom, session);
  const options = get(optionsAtom);
  const welcome = options.defaultMessage ? [welcomeMessage(options.defaultMessage, session.operator_pid, session.id, clock.now())] : [];
  set(showChatAtom, session, welcome);
  set(queuePlaceAtom, started.queue);
  void set(loadEarlierAtom, session);
});
