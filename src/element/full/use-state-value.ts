import type { Atom } from 'jotai/vanilla';
import type { LiveChatState } from '../../state/create-state.js';
import { useStoreValue } from '../../ui/shared/use-store-value.js';

/** The current value of one of the widget's atoms, re-rendering when it changes. */
export function useStateValue<T>(state: LiveChatState, atom: Atom<T>): T {
  return useStoreValue(state.store, atom);
}
