import { useId, type FormEvent } from 'react';
import { CONVERSATION_STATUSES } from '../../../protocol/conversation-status.js';
import { SEARCH_LIMITS, type SearchFilterOption, type SearchFilterOptions } from '../../../protocol/console/search.js';
import { useT } from '../../core/texts.js';
import type { SearchForm as Form } from './search-atoms.js';

/** Props of {@link SearchForm}. */
export interface SearchFormProps {
  form: Form;
  options: SearchFilterOptions | null;
  /** Why the form cannot be sent as it is, shown under it and tied to the field at fault. */
  problem: { field: 'query' | 'to'; text: string } | null;
  busy: boolean;
  onChange(form: Form): void;
  onSubmit(): void;
}

/** A filter of choices, "Any" first. */
function Choice({ label, anyLabel, value, options, onChange }: { label: string; anyLabel: string; value: string; options: readonly SearchFilterOption[]; onChange(value: string): void }): React.JSX.Element {
  const id = useId();
  return (
    <div className="op-search-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search box, its button and the filters: status, channel, operator, tag and a range of days. */
export function SearchForm({ form, options, problem, busy, onChange, onSubmit }: SearchFormProps): React.JSX.Element {
  const t = useT();
  const ids = { query: useId(), from: useId(), to: useId(), problem: useId() };
  const set = <K extends keyof Form>(key: K, value: Form[K]) => onChange({ ...form, [key]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const statuses = CONVERSATION_STATUSES.map((s, i) => ({ id: i, name: t(`operator.search.statusName.${s}`), value: s }));
  const faulty = (field: 'query' | 'to') => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids.problem } : {});
  return (
    <form role="search" className="op-search-form" onSubmit={submit} aria-label={t('operator.search.heading')} noValidate>
      <div className="op-search-box">
        <label htmlFor={ids.query}>{t('operator.search.query')}</label>
        <input id={ids.query} type="search" value={form.query} maxLength={SEARCH_LIMITS.queryMax} autoComplete="off" onChange={(e) => set('query', e.currentTarget.value)} {...faulty('query')} />
        <button type="submit" disabled={busy}>
          {t('operator.search.submit')}
        </button>
      </div>
      <fieldset className="op-search-filters">
        <legend>{t('operator.search.filters')}</legend>
        <div className="op-search-filter">
          <label htmlFor={`${ids.query}-status`}>{t('operator.search.status')}</label>
          <select id={`${ids.query}-status`} value={form.status} onChange={(e) => set('status', e.currentTarget.value as Form['status'])}>
            <option value="">{t('operator.search.anyStatus')}</option>
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <Choice label={t('operator.search.channel')} anyLabel={t('operator.search.anyChannel')} value={form.channelId} options={options?.channels ?? []} onChange={(v) => set('channelId', v)} />
        <Choice label={t('operator.search.operator')} anyLabel={t('operator.search.anyOperator')} value={form.operatorId} options={options?.operators ?? []} onChange={(v) => set('operatorId', v)} />
        <Choice label={t('operator.search.tag')} anyLabel={t('operator.search.anyTag')} value={form.tagId} options={options?.tags ?? []} onChange={(v) => set('tagId', v)} />
        <div className="op-search-filter">
          <label htmlFor={ids.from}>{t('operator.search.from')}</label>
          <input id={ids.from} type="date" value={form.from} onChange={(e) => set('from', e.currentTarget.value)} />
        </div>
        <div className="op-search-filter">
          <label htmlFor={ids.to}>{t('operator.search.to')}</label>
          <input id={ids.to} type="date" value={form.to} onChange={(e) => set('to', e.currentTarget.value)} {...faulty('to')} />
        </div>
      </fieldset>
      {problem ? (
        <p id={ids.problem} className="op-search-problem" role="alert">
          {problem.text}
        </p>
      ) : null}
    </form>
  );
}
