import type { UiText } from './ui-text.js';

/** A piece of the typing line: the sentence's own words, or a name to lay out in its own direction. */
export type TypingPart = string | { name: string };

// Private-use characters never occur in the locale files: they mark where a name goes in the sentence.
const OPEN = '\uE000';
const CLOSE = '\uE001';

function sentence(t: UiText['t'], names: readonly string[]): string {
  const [first, second] = names;
  if (first === undefined) return '';
  if (second === undefined) return t('widget.typing.one', { first });
  if (names.length === 2) return t('widget.typing.two', { first, second });
  return t('widget.typing.many', { first, second });
}

/**
 * "X is typing...", "X and Y are typing...", "X, Y and more are typing..." (SPEC.md §4 Typing), or an
 * empty string when nobody types.
 */
export function typingText(t: UiText['t'], names: readonly string[]): string {
  return sentence(t, names);
}

/**
 * The typing line in pieces, each name apart: an Arabic name in an English sentence (or the reverse) is
 * laid out in its own direction without reordering the words around it. Empty when nobody types.
 */
export function typingParts(t: UiText['t'], names: readonly string[]): TypingPart[] {
  const marked = sentence(t, names.map((_, i) => `${OPEN}${i}${CLOSE}`));
  const parts: TypingPart[] = [];
  for (const [i, piece] of marked.split(new RegExp(`${OPEN}(\\d+)${CLOSE}`)).entries()) {
    if (i % 2 === 0) {
      if (piece !== '') parts.push(piece);
    } else parts.push({ name: names[Number(piece)] ?? '' });
  }
  return parts;
}
