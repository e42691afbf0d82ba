import type { UiText } from './ui-text.js';

/**
 * "X is typing...", "X and Y are typing...", "X, Y and more are typing..." (SPEC.md §4 Typing), or an
 * empty string when nobody types.
 */
export function typingText(t: UiText['t'], names: readonly string[]): string {
  const [first, second] = names;
  if (first === undefined) return '';
  if (second === undefined) return t('widget.typing.one', { first });
  if (names.length === 2) return t('widget.typing.two', { first, second });
  return t('widget.typing.many', { first, second });
}
