/**
 * An ICU message in either of the forms intl-messageformat formats: its source text, or the syntax tree
 * the production build precompiles locales/*.json to (so the widget ships without the ICU parser).
 */
import type { IntlMessageFormat } from 'intl-messageformat';

/** Source text (`"{count, plural, …}"`) or the precompiled syntax tree of one message. */
export type IcuMessage = ConstructorParameters<typeof IntlMessageFormat>[0];

type Element = Exclude<IcuMessage, string>[number];

// Node kinds of intl-messageformat's syntax tree (TYPE of @formatjs/icu-messageformat-parser).
const LITERAL = 0;

function elementText(element: Element): string {
  if ('children' in element) return messageText(element.children);
  // plural and select: the `other` branch is the one every message has.
  if ('options' in element) return messageText(element.options.other?.value ?? []);
  if (!('value' in element)) return '#';
  return (element.type as number) === LITERAL ? element.value : `{${element.value}}`;
}

/**
 * Readable text of a message that could not be formatted (e.g. a value is missing): the source text
 * itself, or for a precompiled message its words with `{name}` for each argument. Never throws.
 */
export function messageText(message: IcuMessage): string {
  if (typeof message === 'string') return message;
  return Array.isArray(message) ? message.map(elementText).join('') : '';
}
