import { TimeValueError } from './time-value-error.js';

/** The empty values the server sends for an unset field; every parser returns them unchanged. */
export type EmptyValue = '' | false | null | undefined;

/** The three wire kinds of PROTOCOL.md §10. */
export type TimeValueType = 'date' | 'datetime' | 'time';

// Anchored on both ends so that no prefix or suffix slips through.
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?$/;

interface Parts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  ms: number;
}

/** A fraction of a second keeps its first three digits, right-padded: `.5` is 500 ms, `.123456` 123 ms. */
function millis(fraction: string | undefined): number {
  return fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
}

function build(parts: Parts, utc: boolean): Date | undefined {
  const date = new Date(0);
  // setFullYear, unlike the Date constructor, does not map years 0-99 to 1900-1999.
  if (utc) {
    date.setUTCFullYear(parts.year, parts.month - 1, parts.day);
    date.setUTCHours(parts.hours, parts.minutes, parts.seconds, parts.ms);
  } else {
    date.setFullYear(parts.year, parts.month - 1, parts.day);
    date.setHours(parts.hours, parts.minutes, parts.seconds, parts.ms);
  }
  const read = utc
    ? [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()]
    : [date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds()];
  // Date rolls 2024-02-30 over to March; a changed component means the text named no real moment. A
  // local time skipped by a daylight-saving jump is rejected the same way.
  const wanted = [parts.year, parts.month, parts.day, parts.hours, parts.minutes, parts.seconds];
  return read.every((v, i) => v === wanted[i]) ? date : undefined;
}

const isEmpty = (value: unknown): value is EmptyValue => value === '' || value === false || value === null || value === undefined;

function tryDate(value: string): Date | undefined {
  const m = DATE.exec(value);
  return m ? build({ year: +m[1]!, month: +m[2]!, day: +m[3]!, hours: 0, minutes: 0, seconds: 0, ms: 0 }, false) : undefined;
}

function tryDatetime(value: string): Date | undefined {
  const m = DATETIME.exec(value);
  return m
    ? build({ year: +m[1]!, month: +m[2]!, day: +m[3]!, hours: +m[4]!, minutes: +m[5]!, seconds: +m[6]!, ms: millis(m[7]) }, true)
    : undefined;
}

function tryTime(value: string): Date | undefined {
  const m = TIME.exec(value);
  return m ? build({ year: 1970, month: 1, day: 1, hours: +m[1]!, minutes: +m[2]!, seconds: +m[3]!, ms: millis(m[4]) }, false) : undefined;
}

/** A parser of one wire kind: empty values come back unchanged, anything else is a date or throws. */
export interface TimeValueParser {
  <E extends EmptyValue>(value: E): E;
  (value: string): Date | '';
  (value: string | EmptyValue): Date | EmptyValue;
}

function parserOf(read: (value: string) => Date | undefined, code: 'invalid_date' | 'invalid_datetime' | 'invalid_time'): TimeValueParser {
  return ((value: string | EmptyValue): Date | EmptyValue => {
    if (isEmpty(value)) return value;
    const date = read(value);
    if (!date) throw new TimeValueError(code, value);
    return date;
  }) as TimeValueParser;
}

/** Reads `YYYY-MM-DD` as local midnight. Throws `'x' is not a valid date`. */
export const parseDate = parserOf(tryDate, 'invalid_date');

/** Reads the server's `YYYY-MM-DD HH:MM:SS[.fraction]` as UTC. Throws `'x' is not a valid datetime`. */
export const parseDatetime = parserOf(tryDatetime, 'invalid_datetime');

/** Reads `HH:MM:SS[.fraction]` as that local time on 1970-01-01. Throws `'x' is not a valid time`. */
export const parseTime = parserOf(tryTime, 'invalid_time');

/** What {@link parseAnyTimeValue} recognised. */
export interface ParsedTimeValue {
  type: TimeValueType;
  date: Date;
}

/**
 * Recognises a datetime, a date or a time, tried in that order (PROTOCOL.md §10). Throws
 * `'x' is not a correct date, datetime nor time`.
 */
export function parseAnyTimeValue<E extends EmptyValue>(value: E): E;
export function parseAnyTimeValue(value: string): ParsedTimeValue | '';
export function parseAnyTimeValue(value: string | EmptyValue): ParsedTimeValue | EmptyValue;
export function parseAnyTimeValue(value: string | EmptyValue): ParsedTimeValue | EmptyValue {
  if (isEmpty(value)) return value;
  const datetime = tryDatetime(value);
  if (datetime) return { type: 'datetime', date: datetime };
  const date = tryDate(value);
  if (date) return { type: 'date', date };
  const time = tryTime(value);
  if (time) return { type: 'time', date: time };
  throw new TimeValueError('not_a_date_time', value);
}

/** Tells whether a type name is one of the wire kinds. */
export function isTimeValueType(type: string): type is TimeValueType {
  return type === 'date' || type === 'datetime' || type === 'time';
}

/** Parses by type name; an unknown type throws `'t' is not convertible to date, datetime nor time`. */
export function parseTimeValue(type: string, value: string | EmptyValue): Date | EmptyValue {
  if (!isTimeValueType(type)) throw new TimeValueError('not_convertible', type);
  if (type === 'date') return parseDate(value);
  if (type === 'datetime') return parseDatetime(value);
  return parseTime(value);
}
