import { isValid } from 'date-fns';
import { isTimeValueType, type EmptyValue } from './parse.js';
import { TimeValueError } from './time-value-error.js';

// The wire forms are fixed patterns of digits (PROTOCOL.md §10), not localised text: written by hand.
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function checked(date: Date, code: 'invalid_date' | 'invalid_datetime' | 'invalid_time'): Date {
  if (!(date instanceof Date) || !isValid(date)) throw new TimeValueError(code, String(date));
  return date;
}

/** Writes a moment in the server's form: UTC `YYYY-MM-DD HH:MM:SS`, no fraction, no zone. Empty gives `false`. */
export function formatDatetime(date: Date | EmptyValue): string | false {
  if (!date) return false;
  const d = checked(date, 'invalid_datetime');
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** Writes the local calendar day as `YYYY-MM-DD`. Empty gives `false`. */
export function formatDate(date: Date | EmptyValue): string | false {
  if (!date) return false;
  const d = checked(date, 'invalid_date');
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Writes the local time of day as `HH:MM:SS`. Empty gives `false`. */
export function formatTime(date: Date | EmptyValue): string | false {
  if (!date) return false;
  const d = checked(date, 'invalid_time');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Formats by type name; an unknown type throws `'t' is not convertible to date, datetime nor time`. */
export function formatTimeValue(type: string, date: Date | EmptyValue): string | false {
  if (!isTimeValueType(type)) throw new TimeValueError('not_convertible', type);
  if (type === 'date') return formatDate(date);
  if (type === 'datetime') return formatDatetime(date);
  return formatTime(date);
}
