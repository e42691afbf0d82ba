/** The visitor's wall-clock time in their zone, in the console's language; undefined for an unknown zone. */
export function localTimeIn(timeZone: string, now: Date, locale: string): string | undefined {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', weekday: 'short' }).format(now);
  } catch {
    return undefined;
  }
}
