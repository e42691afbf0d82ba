/**
 * Typing rules of SPEC.md §4 "Typing" and §9: the visitor's own typing is announced at most once per
 * 2.5 s, re-announced every 50 s while it lasts and cleared after 5 s without input or on send; others'
 * markers last 60 s or until their message arrives.
 */
import { LIMITS } from '../protocol/livechat.js';
import type { ClockPort, TimerHandle } from './ports.js';

/** Announces the visitor's typing to the server. */
export interface OwnTyping {
  /** The composer content changed. */
  input(text: string): void;
  /** A message was sent: typing stops now. */
  sent(): void;
  /** Stops every timer (chat closed). */
  dispose(): void;
}

/** Creates the announcer; `notify` performs `/im_livechat/notify_typing`. */
export function createOwnTyping(clock: ClockPort, notify: (isTyping: boolean) => void): OwnTyping {
  let announced = false;
  let wanted = false;
  let lastCallAt = -Infinity;
  let trailing: TimerHandle | undefined;
  let idle: TimerHandle | undefined;
  let longTyping: TimerHandle | undefined;

  const clear = (t: TimerHandle | undefined): undefined => {
    if (t !== undefined) clock.clearTimeout(t);
    return undefined;
  };

  const call = (value: boolean): void => {
    announced = value;
    lastCallAt = clock.now();
    longTyping = clear(longTyping);
    if (value) longTyping = clock.setTimeout(reannounce, LIMITS.typingLongMs);
    notify(value);
  };

  // While typing goes on, the server is told again every 50 s so the operator's 60 s marker stays.
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
    input(text) {
      idle = clear(idle);
      const typing = text.trim() !== '';
      if (typing) idle = clock.setTimeout(() => ((idle = undefined), want(false)), LIMITS.typingInactivityMs);
      want(typing);
    },
    sent() {
      idle = clear(idle);
      trailing = clear(trailing);
      longTyping = clear(longTyping);
      wanted = false;
      // Sending ends typing at once, outside the throttle: the operator must not see a stale marker.
      if (announced) call(false);
    },
    dispose() {
      idle = clear(idle);
      trailing = clear(trailing);
      longTyping = clear(longTyping);
    },
  };
}

/** Partners shown as typing, oldest first. */
export interface OthersTyping {
  /** A typing payload arrived for `partnerId`. */
  set(partnerId: number, isTyping: boolean): void;
  /** Their message arrived: their marker goes. */
  messageFrom(partnerId: number): void;
  dispose(): void;
}

/** Tracks others' typing and reports the list of partner ids whenever it changes. */
export function createOthersTyping(clock: ClockPort, onChange: (partnerIds: number[]) => void): OthersTyping {
  const timers = new Map<number, TimerHandle>();
  const report = (): void => onChange([...timers.keys()]);
  const remove = (id: number): void => {
    const t = timers.get(id);
    if (t === undefined) return;
    clock.clearTimeout(t);
    timers.delete(id);
    report();
  };
  return {
    set(id, isTyping) {
      if (!isTyping) return remove(id);
      const known = timers.has(id);
      const old = timers.get(id);
      if (old !== undefined) clock.clearTimeout(old);
      timers.set(id, clock.setTimeout(() => remove(id), LIMITS.othersTypingMs));
      if (!known) report();
    },
    messageFrom: remove,
    dispose() {
      for (const t of timers.values()) clock.clearTimeout(t);
      timers.clear();
    },
  };
}
