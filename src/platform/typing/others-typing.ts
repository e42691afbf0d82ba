/**
 * Others shown as typing (SPEC.md §4 "Typing"): each marker lasts 60 s after its latest news, or until
 * a message from them arrives or typing stops.
 */
import { LIMITS } from '../../protocol/livechat.js';
import type { Clock } from '../time/clock.js';

/** Ids (partners for the widget, sessions for the console) shown as typing, oldest first. */
export interface OthersTyping {
  /** A typing notice arrived for `id`. */
  set(id: number, isTyping: boolean): void;
  /** Their message arrived, or their conversation ended: the marker goes. */
  clear(id: number): void;
  /** Stops every timer, without reporting. */
  dispose(): void;
}

/** Tracks others' typing and reports the ids whenever the list changes. */
export function createOthersTyping(clock: Clock, onChange: (ids: number[]) => void): OthersTyping {
  const timers = new Map<number, unknown>();
  const report = (): void => onChange([...timers.keys()]);
  const clear = (id: number): void => {
    if (!timers.has(id)) return;
    clock.clearTimeout(timers.get(id));
    timers.delete(id);
    report();
  };
  return {
    set(id, isTyping) {
      if (!isTyping) return clear(id);
      const known = timers.has(id);
      if (known) clock.clearTimeout(timers.get(id));
      timers.set(id, clock.setTimeout(() => clear(id), LIMITS.othersTypingMs));
      if (!known) report();
    },
    clear,
    dispose() {
      for (const t of timers.values()) clock.clearTimeout(t);
      timers.clear();
    },
  };
}
