/**
 * The outside world of one store: the ports the element wires (or a test harness). Set once when the
 * store is created; action atoms read it, so atoms stay definitions and values stay per element.
 */
import { atom, type Getter } from 'jotai/vanilla';
import type { StateDeps } from './ports.js';

export const depsAtom = atom<StateDeps | undefined>(undefined);

/** The ports of the store `get` reads from. */
export function depsOf(get: Getter): StateDeps {
  const deps = get(depsAtom);
  if (!deps) throw new Error('live-chat state used before createLiveChatState');
  return deps;
}
