import type { Translate } from './messages.js';

/** Size units from bytes up, each 1024 times the previous (SPEC.md §9). */
export const SIZE_UNITS = ['Bytes', 'Kb', 'Mb', 'Gb', 'Tb', 'Pb', 'Eb', 'Zb', 'Yb'] as const;

/** A unit of {@link SIZE_UNITS}. */
export type SizeUnit = (typeof SIZE_UNITS)[number];

/**
 * A byte count for people: divided by 1024 while at least 1024, two decimals, a space, the unit
 * (`512.00 Bytes`, `1.50 Kb`); beyond yottabytes the number simply grows. `translate` renders the unit
 * through the `units.size` message; without it the English unit is used. A negative, infinite or NaN
 * count is a caller's bug and throws a RangeError.
 */
export function humanSize(bytes: number, translate?: Translate): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`${bytes} is not a byte count`);
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < SIZE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  const name = SIZE_UNITS[unit]!;
  return `${size.toFixed(2)} ${translate ? translate('units.size', { unit: name }) : name}`;
}
