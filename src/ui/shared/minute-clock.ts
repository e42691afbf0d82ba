import { useContext, useSyncExternalStore, createContext } from 'react';
import { LIMITS } from '../../protocol/livechat.js';

/**
 * A clock fixed by the owner of a subtree (a test, or an app with its own tick); `undefined` lets the
 * components below follow the shared minute clock.
 */
export const FixedNowContext = createContext<Date | undefined>(undefined);

type Listener = () => void;

const listeners = new Set<Listener>();
let current = new Date(Date.now());
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  current = new Date(Date.now());
  for (const listener of listeners) listener();
}

/**
 * One interval for every timestamp on the page (SPEC.md §9 refreshes relative times every 60 s): it runs
 * only while something listens, so a closed widget keeps no timer.
 */
function subscribe(listener: Listener): () => void {
  if (listeners.size === 0) {
    current = new Date(Date.now());
    timer = setInterval(tick, LIMITS.timestampRefreshMs);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const read = (): Date => current;
const never = (): (() => void) => () => undefined;

/**
 * The moment relative labels are computed from: the {@link FixedNowContext} value when one is given,
 * otherwise the shared minute clock. Only the component calling it re-renders on a tick.
 */
export function useMinuteNow(): Date {
  const fixed = useContext(FixedNowContext);
  const ticking = useSyncExternalStore(fixed ? never : subscribe, read);
  return fixed ?? ticking;
}
