import { atom } from 'jotai/vanilla';
import type { ConsoleBusEvent } from '../../core/console-bus.js';
import type { DeskStore } from '../../desk/desk-atoms.js';

/** Bumped whenever a supervision screen may show something new; an open screen reads again, throttled. */
export const supervisionVersionAtom = atom(0);

/** The notices of the operator's own channel that change a channel's live picture. */
const CHANGE_INFOS = new Set(['supervision_changed', 'conversation_assigned']);

/** A new, moved, closed conversation or a status change reloads the screen. */
export function onSupervisionEvent(event: ConsoleBusEvent, store: DeskStore): void {
  const changed = event.kind === 'new_session' || event.kind === 'closed' || event.kind === 'status' || (event.kind === 'info' && CHANGE_INFOS.has(event.info));
  if (changed) store.set(supervisionVersionAtom, (v) => v + 1);
}
