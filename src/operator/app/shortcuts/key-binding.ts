/** How a {@link CommandKey} meets the keyboard: which presses it takes, where, and how it reads. */
import type { MessageKey } from '../../../platform/i18n/index.js';
import type { CommandKey } from '../../desk/commands.js';

/** Whether a command's key has a modifier, which lets it work inside text fields too. */
export const hasModifier = (key: CommandKey): boolean => Boolean(key.alt || key.ctrl || key.meta);

/** Inputs that take no typed text: a key pressed on them is free for a shortcut. */
const NOT_TEXT = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'file', 'color', 'range']);

/** Whether the keys pressed at `target` are text or a field's own (typing there must never run a single-key shortcut). */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}

/** Whether `event` is the press of `binding`. */
export function matchesKey(binding: CommandKey, event: KeyboardEvent): boolean {
  if (Boolean(binding.alt) !== event.altKey || Boolean(binding.ctrl) !== event.ctrlKey || Boolean(binding.meta) !== event.metaKey) return false;
  const letter = /^[a-z]$/.test(binding.key);
  // Shift is part of symbols ("?" is Shift+/ on many layouts) but turns a letter into another command's.
  if (letter && event.shiftKey) return false;
  if (event.key === binding.key || (letter && event.key.toLowerCase() === binding.key)) return true;
  // With Alt, macOS types a character of its own ("∆" for Alt+J): the key's place says which letter it was.
  return letter && event.altKey && event.code === `Key${binding.key.toUpperCase()}`;
}

const MODIFIER_LABELS: [keyof CommandKey, MessageKey][] = [
  ['ctrl', 'operator.shortcuts.ctrl'],
  ['alt', 'operator.shortcuts.alt'],
  ['meta', 'operator.shortcuts.meta'],
];

/**
 * The keys to press, in order, as the list of shortcuts shows them: "Alt" "J" as on the keycaps, but a
 * lone letter in lower case ("r"), which an upper case one would read as Shift+R.
 */
export function keyParts(binding: CommandKey, t: (key: MessageKey) => string): string[] {
  const modifiers = MODIFIER_LABELS.filter(([flag]) => binding[flag]).map(([, label]) => t(label));
  return [...modifiers, modifiers.length > 0 ? binding.key.toUpperCase() : binding.key];
}
