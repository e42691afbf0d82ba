/**
 * Local days ('YYYY-MM-DD', as the reports store them) grouped into ISO weeks, Monday to Sunday, each
 * named by its Monday: the key of `report_weekly_channel` (migration 0035). Calendar arithmetic on the
 * day's own date, so no time zone is involved: the day is already the channel's.
 */
const DAY = 86_400_000;

function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Days since the Monday of the day's week: 0 on Monday, 6 on Sunday. */
function sinceMonday(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The Monday of the day's week. */
export function weekOf(day: string): string {
  return shift(day, -sinceMonday(day));
}

/** A period [from, to] cut into whole weeks and the days around them. */
export interface PeriodCut {
  /** The Mondays of the first and last whole weeks, when the period holds one. */
  weeks?: { from: string; to: string };
  /** The days outside whole weeks, as inclusive ranges (at most two: before and after the weeks). */
  days: { from: string; to: string }[];
}

/** Cuts [from, to] (inclusive days) into its whole weeks and the days left at either end. */
export function cutIntoWeeks(from: string, to: string): PeriodCut {
  if (from > to) return { days: [] };
  const firstMonday = sinceMonday(from) === 0 ? from : shift(weekOf(from), 7);
  const lastSunday = sinceMonday(to) === 6 ? to : shift(weekOf(to), -1);
  if (shift(firstMonday, 6) > lastSunday) return { days: [{ from, to }] };
  const days: { from: string; to: string }[] = [];
  if (from < firstMonday) days.push({ from, to: shift(firstMonday, -1) });
  if (lastSunday < to) days.push({ from: shift(lastSunday, 1), to });
  return { weeks: { from: firstMonday, to: shift(lastSunday, -6) }, days };
}
