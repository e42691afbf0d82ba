import type { SearchParams } from '../../../protocol/schemas/search.js';
import type { SearchForm } from './search-atoms.js';

/** Midnight at the start of a `yyyy-mm-dd` day in the browser's time zone, in ms; undefined when not a date. */
function startOfDay(date: string, addDays = 0): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const ms = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays).getTime();
  return Number.isNaN(ms) || ms < 0 ? undefined : ms;
}

/** The route's parameters for a form: the date range covers both days named, whole, in the operator's time zone. */
export function searchParamsOf(form: SearchForm, cursor?: string): SearchParams {
  const from = startOfDay(form.from);
  const to = startOfDay(form.to, 1);
  return {
    query: form.query.trim(),
    ...(form.status ? { status: form.status } : {}),
    ...(form.channelId ? { channel_id: Number(form.channelId) } : {}),
    ...(form.operatorId ? { operator_id: Number(form.operatorId) } : {}),
    ...(form.tagId ? { tag_id: Number(form.tagId) } : {}),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    ...(cursor ? { cursor } : {}),
  };
}

/** Whether the range is backwards (the end day before the start day). */
export function isBackwardRange(form: SearchForm): boolean {
  return form.from !== '' && form.to !== '' && form.to < form.from;
}
