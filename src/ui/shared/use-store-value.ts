import type { Atom, createStore } from 'jotai/vanilla';
import { useCallback, useSyncExternalStore } from 'react';

/** A jotai store, as jotai/vanilla creates it. */
export type AtomStore = ReturnType<typeof createStore>;

/**
 * The value of one of `store`'s atoms, re-rendering when it changes. What jotai/react's `useAtomValue`
 * does for synchronous atoms (every atom of the widget and the console is one), through React's own
 * external-store hook: its promise and deprecated-option handling would ship to every host page unused.
 */
export function useStoreValue<T>(store: AtomStore, atom: Atom<T>): T {
  const subscribe = useCallback((onChange: () => void) => store.sub(atom, onChange), [store, atom]);
  const read = (): T => store.get(atom);
  return useSyncExternalStore(subscribe, read, read);
}
