import { useAtomValue } from 'jotai/react';
import type { Atom } from 'jotai/vanilla';
import type { LiveChatState } from '../../state/create-state.js';

/** The current value of one of the widget's atoms, re-rendering when it changes. */
export function useStateValue<T>(state: LiveChatState, atom: Atom<T>): T {
  return useAtomValue(atom, { store: state.store });
}
