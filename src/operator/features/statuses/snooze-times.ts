/** The snooze times the console offers, in the operator's time zone (the browser's). */
import { SNOOZE_MAX_MS } from '../../../protocol/conversation-status.js';

/** An hour from `now`. */
export function inOneHour(now: Date): number {
  return now.getTime() + 3600_000;
}

/** Tomorrow at 9:00 in the browser's time zone (a day with a clock change still gets its 9:00). */
export function tomorrowAtNine(now: Date): number {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0, 0, 0);
  return at.getTime();
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A time as a `datetime-local` field's value ("2026-11-27T09:00"), in the browser's time zone. */
export function toPickerValue(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` field's value as epoch ms (read in the browser's time zone), or null when it is not one. */
export function fromPickerValue(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const at = new Date(year, month - 1, day, hour, minute);
  return Number.isNaN(at.getTime()) ? null : at.getTime();
}

/** Whether the server takes this snooze: after `now`, at most a year ahead. */
export function isSnoozeTime(until: number | null, now: number): until is number {
  return until !== null && until > now && until <= now + SNOOZE_MAX_MS;
}
