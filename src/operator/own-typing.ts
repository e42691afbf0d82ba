import { LIMITS } from '../protocol/livechat.js';

/** Timers the announcer uses; the real ones by default, a fake clock in tests. */
export interface TypingTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: TypingTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Announces the operator's own typing to the visitor with the widget's rhythm (SPEC.md §4 "Typing"):
 * at most one call per 2.5 s, re-announced every 50 s while typing, cleared after 5 s without input or
 * when the message is sent.
 */
export class OwnTypingAnnouncer {
  #typing = false;
  #announced: boolean | undefined;
  #lastSentAt = Number.NEGATIVE_INFINITY;
  #inactivity: unknown;
  #pending: unknown;
  #refresh: unknown;

  constructor(
    private readonly send: (isTyping: boolean) => void,
    private readonly timers: TypingTimers = realTimers,
  ) {}

  /** The composer changed; `hasText` is whether it holds anything but spaces. */
  input(hasText: boolean): void {
    if (!hasText) {
      this.#set(false);
      return;
    }
    this.timers.clearTimeout(this.#inactivity);
    this.#inactivity = this.timers.setTimeout(() => this.#set(false), LIMITS.typingInactivityMs);
    this.#set(true);
  }

  /** The message was sent: typing is over. */
  sent(): void {
    this.#set(false);
  }

  /** Stops every timer (the conversation was left); says "not typing" if typing was announced. */
  dispose(): void {
    this.#set(false);
    this.timers.clearTimeout(this.#pending);
    this.#pending = undefined;
  }

  #set(typing: boolean): void {
    this.#typing = typing;
    if (!typing) {
      this.timers.clearTimeout(this.#inactivity);
      this.timers.clearTimeout(this.#refresh);
    }
    this.#flush();
  }

  #flush(): void {
    if (this.#announced === this.#typing || (this.#announced === undefined && !this.#typing)) return;
    const wait = this.#lastSentAt + LIMITS.typingThrottleMs - this.timers.now();
    if (wait > 0) {
      if (this.#pending === undefined) {
        this.#pending = this.timers.setTimeout(() => {
          this.#pending = undefined;
          this.#flush();
        }, wait);
      }
      return;
    }
    this.#announce(this.#typing);
  }

  #announce(typing: boolean): void {
    this.#announced = typing;
    this.#lastSentAt = this.timers.now();
    this.send(typing);
    this.timers.clearTimeout(this.#refresh);
    if (typing) {
      this.#refresh = this.timers.setTimeout(() => {
        if (this.#typing) this.#announce(true);
      }, LIMITS.typingLongMs);
    }
  }
}
