import { useId, useMemo, useState } from 'react';
import { CLOSED_DATES_MAX, RANGES_PER_DAY_MAX, WEEKDAYS, type BusinessHours, type TimeRange } from '../../../protocol/business-hours.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { OutcomeLines } from '../../core/outcome-lines.js';
import { useLocale, useT } from '../../core/texts.js';
import { draftOf, draftProblem, hoursOf, timeZones, type HoursDraft } from './hours-draft.js';
import type { HoursApi } from './hours-api.js';

/** The week's day names in the console's language, Monday first (1 January 2024 was a Monday). */
function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return WEEKDAYS.map((_, i) => format.format(Date.UTC(2024, 0, 1 + i)));
}

/** One day's ranges: each with its opening and closing time and a Remove button, then Add. */
function DayRanges({ day, ranges, onChange }: { day: string; ranges: TimeRange[]; onChange(ranges: TimeRange[]): void }): React.JSX.Element {
  const t = useT();
  const id = useId();
  const set = (i: number, patch: Partial<TimeRange>) => onChange(ranges.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="op-hours-day">
      <legend>{day}</legend>
      {ranges.length === 0 ? <p>{t('operator.business-hours.closedDay')}</p> : null}
      {ranges.map((r, i) => (
        <div key={i} className="op-hours-range">
          <label htmlFor={`${id}-${i}-start`}>{t('operator.business-hours.opens', { day, n: i + 1 })}</label>
          <input id={`${id}-${i}-start`} type="time" required value={r.start} onChange={(e) => set(i, { start: e.currentTarget.value })} />
          <label htmlFor={`${id}-${i}-end`}>{t('operator.business-hours.closes', { day, n: i + 1 })}</label>
          <input id={`${id}-${i}-end`} type="time" required value={r.end} onChange={(e) => set(i, { end: e.currentTarget.value })} />
          <button type="button" onClick={() => onChange(ranges.filter((_, j) => j !== i))}>
            {t('operator.business-hours.removeRange', { day, n: i + 1 })}
          </button>
        </div>
      ))}
      <button type="button" disabled={ranges.length >= RANGES_PER_DAY_MAX} onClick={() => onChange([...ranges, { start: '09:00', end: '17:00' }])}>
        {t('operator.business-hours.addRange', { day })}
      </button>
    </fieldset>
  );
}

/** The closed dates: a list with Remove buttons, and a date field with Add. */
function ClosedDates({ dates, onChange }: { dates: string[]; onChange(dates: string[]): void }): React.JSX.Element {
  const t = useT();
  const id = useId();
  const [next, setNext] = useState('');
  const add = () => {
    if (next === '' || dates.includes(next)) return;
    onChange([...dates, next].sort());
    setNext('');
  };
  return (
    <fieldset className="op-hours-dates">
      <legend>{t('operator.business-hours.closedDates')}</legend>
      {dates.length > 0 ? (
        <ul>
          {dates.map((d) => (
            <li key={d}>
              {d}{' '}
              <button type="button" onClick={() => onChange(dates.filter((x) => x !== d))}>
                {t('operator.business-hours.removeDate', { date: d })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={id}>{t('operator.business-hours.newDate')}</label>
      <input id={id} type="date" value={next} onChange={(e) => setNext(e.currentTarget.value)} />
      <button type="button" disabled={next === '' || dates.length >= CLOSED_DATES_MAX} onClick={add}>
        {t('operator.business-hours.addDate')}
      </button>
    </fieldset>
  );
}

/** One channel's hours: on or off, its zone, each day's ranges and the closed dates; checked before saving. */
export function HoursEditor({ api, channel, hours }: { api: Pick<HoursApi, 'set'>; channel: { id: number; name: string }; hours: BusinessHours | null }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [draft, setDraft] = useState<HoursDraft>(() => draftOf(hours));
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState<string | undefined>();
  const days = useMemo(() => weekdayNames(locale), [locale]);
  const zones = useMemo(() => timeZones(draft.timeZone), [draft.timeZone]);
  const change = (patch: Partial<HoursDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDone('');
  };

  const save = () => {
    const problem = draftProblem(draft);
    if (problem) {
      const text = t(problem.key, problem.values);
      setFailure(problem.day === undefined ? text : `${days[WEEKDAYS.indexOf(problem.day)] ?? ''}: ${text}`);
      return;
    }
    api.set(channel.id, draft.enabled ? hoursOf(draft) : null).then(
      (saved) => {
        setDraft(draftOf(saved.hours));
        setFailure(undefined);
        setDone(t('operator.business-hours.saved', { name: channel.name }));
      },
      (err: unknown) => {
        markHandled(err);
        setDone('');
        setFailure(t('operator.common.error', { reason: reasonText(err) }));
      },
    );
  };

  return (
    <form
      className="op-hours"
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <h4 id={`${id}-heading`}>{t('operator.business-hours.channel', { name: channel.name })}</h4>
      <label>
        <input type="checkbox" checked={draft.enabled} onChange={(e) => change({ enabled: e.currentTarget.checked })} /> {t('operator.business-hours.enabled')}
      </label>
      {draft.enabled ? (
        <>
          <label htmlFor={`${id}-zone`}>{t('operator.business-hours.timeZone')}</label>
          <select id={`${id}-zone`} value={draft.timeZone} onChange={(e) => change({ timeZone: e.currentTarget.value })}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
          <p className="op-hint">{t('operator.business-hours.midnightHint')}</p>
          {days.map((day, i) => (
            <DayRanges key={day} day={day} ranges={draft.week[i] ?? []} onChange={(ranges) => change({ week: draft.week.map((r, j) => (j === i ? ranges : r)) })} />
          ))}
          <ClosedDates dates={draft.closedDates} onChange={(closedDates) => change({ closedDates })} />
        </>
      ) : (
        <p>{t('operator.business-hours.off')}</p>
      )}
      <button type="submit">{t('operator.business-hours.save', { name: channel.name })}</button>
      <OutcomeLines done={done} failure={failure} />
    </form>
  );
}
