/**
 * Locale parameters (SPEC.md §9 "Default locale": US English, date %m/%d/%Y, time %H:%M:%S, decimal
 * point ".", thousands separator ","), replaced by the server's when its translations carry them.
 */
import type { TextDirection } from './direction.js';

/** The language record fields the server sends as `lang_parameters` (PROTOCOL.md §9). */
export interface LangParameters {
  name: string;
  direction: TextDirection;
  date_format: string;
  time_format: string;
  /** Digit grouping as the server writes it, e.g. `[3,0]`. */
  grouping: string;
  decimal_point: string;
  thousands_sep: string;
  /** 1 = Monday … 7 = Sunday. */
  week_start: number;
}

/** The defaults: US English. */
export const DEFAULT_LANG_PARAMETERS: Readonly<LangParameters> = Object.freeze({
  name: 'English (US)',
  direction: 'ltr',
  date_format: '%m/%d/%Y',
  time_format: '%H:%M:%S',
  grouping: '[3,0]',
  decimal_point: '.',
  thousands_sep: ',',
  week_start: 7,
});

/** Reads a server `lang_parameters` object over a base, keeping the base for missing or malformed fields. */
export function readLangParameters(raw: unknown, base: Readonly<LangParameters> = DEFAULT_LANG_PARAMETERS): LangParameters {
  const out: LangParameters = { ...base };
  if (typeof raw !== 'object' || raw === null) return out;
  const r = raw as Record<string, unknown>;
  const text = (key: 'name' | 'date_format' | 'time_format' | 'grouping' | 'decimal_point' | 'thousands_sep') => {
    if (typeof r[key] === 'string') out[key] = r[key];
  };
  text('name');
  text('date_format');
  text('time_format');
  text('grouping');
  text('decimal_point');
  text('thousands_sep');
  if (r.direction === 'ltr' || r.direction === 'rtl') out.direction = r.direction;
  if (typeof r.week_start === 'number' && r.week_start >= 1 && r.week_start <= 7) out.week_start = r.week_start;
  return out;
}
