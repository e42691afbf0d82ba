/**
 * Announcing one's own typing (SPEC.md §4 "Typing", §9), for the visitor and the operator alike: at most
 * one call per 2.5 s, re-announced every 50 s while typing lasts so the other side's 60 s marker stays,
 * cleared after 5 s without input or when the message is sent.
 */
import { LIMITS } from '../../protocol/livechat.js';
import type { Clock } from '../time/clock.js';

/**
 * How the end of typing is told when a message goes: `at-once`, outside the throttle, so the other side
 * never sees a stale marker next to the message (the widget); or `throttled` like any change (the console).
 */
export type StopOnSend = 'at-once' | 'throttled';

/** Whether leaving (closing the chat, opening another conversation) tells the other side typing stopped. */
export type StopOnDispose = 'silent' | 'announce';

export interface OwnTypingPolicy {
  stopOnSend: StopOnSend;
  stopOnDispose: StopOnDispose;
}

/** The announcer of one conversation. */
export interface OwnTyping {
  /** The composer changed; `hasText` is whether it holds anything but spaces. */
  input(hasText: boolean): void;
  /** A message was sent: typing is over. */
  sent(): void;
  /** Stops every timer. */
  dispose(): void;
}

/** Creates the announcer; `notify` tells the server. */
export function createOwnTyping(clock: Clock, notify: (isTyping: boolean) => void, policy: OwnTypingPolicy): OwnTyping {
  let announced = false;
  let wanted = false;
  let lastCallAt = Number.NEGATIVE_INFINITY;
  let trailing: unknown;
  let idle: unknown;
  let longTyping: unknown;

  const clear = (handle: unknown): undefined => {
    if (handle !== undefined) clock.clearTimeout(handle);
    return undefined;
  };
  const clearAll = (): void => {
    idle = clear(idle);
    trailing = clear(trailing);
    longTyping = clear(longTyping);
  };

  const call = (value: boolean): void => {
    announced = value;
    lastCallAt = clock.now();
    longTyping = clear(longTyping);
    if (value) longTyping = clock.setTimeout(reannounce, LIMITS.typingLongMs);
    notify(value);
  };

  function reannounce(): void {
    longTyping = undefined;
    if (wanted && announced) {
      trailing = clear(trailing);
      call(true);
    }
  }

  const flush = (): void => {
    trailing = undefined;
    if (wanted !== announced) call(wanted);
  };

  const want = (value: boolean): void => {
    wanted = value;
    if (wanted === announced) {
      trailing = clear(trailing);
      return;
    }
    const wait = lastCallAt + LIMITS.typingThrottleMs - clock.now();
    if (wait <= 0) {
      trailing = clear(trailing);
      call(wanted);
    } else if (trailing === undefined) {
      trailing = clock.setTimeout(flush, wait);
    }
  };

  return {
    input(hasText) {
      idle = clear(idle);
      if (hasText) idle = clock.setTimeout(() => ((idle = undefined), want(false)), LIMITS.typingInactivityMs);
      want(hasText);
    },
    sent() {
      if (policy.stopOnSend === 'throttled') {
        idle = clear(idle);
        return want(false);
      }
      clearAll();
      wanted = false;
      if (announced) call(false);
    },
    dispose() {
      // Only a change the throttle allows now goes out: nothing is left pending after leaving.
      if (policy.stopOnDispose === 'announce') want(false);
      clearAll();
    },
  };
}
