import { englishText, type MessageRef } from '../text/messages.js';

/** Why a value could not be read or written as a date, datetime or time (SPEC.md §5 and §8). */
export type TimeValueErrorCode = 'invalid_date' | 'invalid_datetime' | 'invalid_time' | 'not_a_date_time' | 'not_convertible';

const KEYS = {
  invalid_date: 'errors.invalidDate',
  invalid_datetime: 'errors.invalidDatetime',
  invalid_time: 'errors.invalidTime',
  not_a_date_time: 'errors.notADateTime',
  not_convertible: 'errors.notConvertible',
} as const;

/**
 * A typed date/time error. `text` is the message for the UI to translate; `message` is its English form,
 * e.g. `'2024-13-01' is not a valid date`.
 */
export class TimeValueError extends Error {
  /** The message key and values to show, translated, to the user. */
  readonly text: MessageRef;

  constructor(
    /** What went wrong. */
    readonly code: TimeValueErrorCode,
    /** The rejected value, or the unknown type name for `not_convertible`. */
    readonly value: string,
  ) {
    const text: MessageRef = { key: KEYS[code], values: code === 'not_convertible' ? { type: value } : { value } };
    super(englishText(text.key, text.values));
    this.name = 'TimeValueError';
    this.text = text;
  }
}
