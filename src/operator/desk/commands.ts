/**
 * Commands: what the operator can do from the keyboard. The desk and the features each contribute
 * theirs (ConsoleFeature `commands`); the shell binds their keys and lists them under `?`. A command
 * mostly acts on something only a component holds (a field to focus, a list to open), so by default
 * running it reaches the components that listen for its id with {@link useCommand}: the command stays
 * data, and the component keeps its own state.
 */
import { useEffect, useRef } from 'react';
import type { MessageKey } from '../../platform/i18n/index.js';
import type { OperatorApi } from '../core/api.js';
import type { DeskStore } from './desk-atoms.js';

/** The id of the conversations' view, which desk commands bring back into sight. */
export const DESK_VIEW_ID = 'desk';

/**
 * A command's default key. `key` is the KeyboardEvent `key` ("?", "j", "ArrowDown"), lower case for
 * letters. Without a modifier the key is ignored while the focus is in a text field, where it is text.
 */
export interface CommandKey {
  key: string;
  alt?: boolean;
  ctrl?: boolean;
  meta?: boolean;
}

/** What a command's `run` is given. */
export interface CommandContext {
  api: OperatorApi;
  store: DeskStore;
  /** Shows a view of the console (its id, e.g. {@link DESK_VIEW_ID}). */
  showView(id: string): void;
  /** Opens a dialog of the console by its id. */
  openDialog(id: string): void;
}

/** One command: an entry in the `?` list and the key that runs it. */
export interface ConsoleCommand {
  /** Unique among commands; what components listen for with {@link useCommand}. */
  id: string;
  /** Its description in the list of shortcuts. */
  label: MessageKey;
  key: CommandKey;
  /** The view it acts in: shown first when another one is (e.g. {@link DESK_VIEW_ID}). */
  view?: string;
  /**
   * Runs it; false when there was nothing to act on (the console then says so). Without it, the
   * command reaches the components listening for its id, and fails when none is drawn.
   */
  run?(context: CommandContext): boolean;
}

/** A component's answer to a command; false when it could not act (nothing to act on). */
export type CommandHandler = (argument?: string) => boolean | void;

const listeners = new WeakMap<DeskStore, Map<string, Set<CommandHandler>>>();

function handlersOf(store: DeskStore, id: string): Set<CommandHandler> {
  let byId = listeners.get(store);
  if (!byId) listeners.set(store, (byId = new Map()));
  let handlers = byId.get(id);
  if (!handlers) byId.set(id, (handlers = new Set()));
  return handlers;
}

/** Runs the handlers listening for `id` in this desk; true when one of them acted. */
export function announceCommand(store: DeskStore, id: string, argument?: string): boolean {
  let acted = false;
  for (const handle of [...handlersOf(store, id)]) acted = handle(argument) !== false || acted;
  return acted;
}

/** Calls `handler` whenever command `id` runs in this desk, while the component is drawn (and `enabled`; a component drawn outside a desk has no store). */
export function useCommand(store: DeskStore | undefined, id: string, handler: CommandHandler, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled || !store) return undefined;
    const handlers = handlersOf(store, id);
    const call: CommandHandler = (argument) => latest.current(argument);
    handlers.add(call);
    return () => void handlers.delete(call);
  }, [store, id, enabled]);
}
