/**
 * The desk's own commands (the list and the composer), and the command a feature's composer mode
 * registers to switch to it.
 */
import type { MessageKey } from '../../platform/i18n/index.js';
import { announceCommand, DESK_VIEW_ID, type CommandKey, type ConsoleCommand } from './commands.js';
import type { ComposerMode } from './pane-slots.js';

/** What the conversation list listens for. */
export const NEXT_CONVERSATION = 'next-conversation';
export const PREVIOUS_CONVERSATION = 'previous-conversation';
/** What the composer listens for. */
export const FOCUS_COMPOSER = 'composer';
/** The composer switches to the mode named by the argument (or back to Reply when it is in it). */
export const TOGGLE_COMPOSER_MODE = 'composer-mode';

/**
 * Alt with J and K moves through the list even from the composer (no text takes Alt+J), as in other
 * support desks; `r` (for "reply") reaches the composer from anywhere else.
 */
export const DESK_COMMANDS: readonly ConsoleCommand[] = [
  { id: NEXT_CONVERSATION, label: 'operator.shortcuts.next', key: { key: 'j', alt: true }, view: DESK_VIEW_ID },
  { id: PREVIOUS_CONVERSATION, label: 'operator.shortcuts.previous', key: { key: 'k', alt: true }, view: DESK_VIEW_ID },
  { id: FOCUS_COMPOSER, label: 'operator.shortcuts.composer', key: { key: 'r' }, view: DESK_VIEW_ID },
];

/** The command switching the composer between Reply and `mode` (registered by the mode's feature). */
export function composerModeCommand(mode: ComposerMode, id: string, label: MessageKey, key: CommandKey): ConsoleCommand {
  return { id, label, key, view: DESK_VIEW_ID, run: ({ store }) => announceCommand(store, TOGGLE_COMPOSER_MODE, mode.id) };
}
