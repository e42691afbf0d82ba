import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { searchWords } from '../../../protocol/console/search.js';
import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import type { FeatureContext } from '../../app/registry.js';
import { useT } from '../../core/texts.js';
import { useCommand } from '../../desk/commands.js';
import { searchApi, type SearchApi } from './search-api.js';
import { searchFilterOptionsAtom, searchFormAtom, searchOutcomeAtom, type SearchForm as Form, type SearchOutcome } from './search-atoms.js';
import { SearchForm } from './search-form.js';
import { isBackwardRange, searchParamsOf } from './search-params.js';
import { SearchResults } from './search-results.js';

/** The keyboard command that goes to the search box. */
export const SEARCH_COMMAND = 'search';

/** Props of {@link SearchPanel}: the desk's store and the search's calls. */
export interface SearchPanelProps {
  store: FeatureContext['store'];
  api: SearchApi;
}

/** Runs searches for the panel: a new one, the next page, or the last one again after a failure. */
function useSearchRunner(store: FeatureContext['store'], api: SearchApi, t: ReturnType<typeof useT>) {
  return useCallback(
    (form: Form, more: boolean) => {
      const before = store.get(searchOutcomeAtom);
      const kept = more && before.state !== 'idle' ? before.hits : [];
      const cursor = more && (before.state === 'done' || before.state === 'failed') ? (before.nextCursor ?? undefined) : undefined;
      store.set(searchOutcomeAtom, { state: 'searching', hits: kept });
      api.search(searchParamsOf(form, cursor)).then(
        (result) => store.set(searchOutcomeAtom, { state: 'done', hits: [...kept, ...result.hits], nextCursor: result.next_cursor }),
        (err: unknown) => {
          markHandled(err);
          store.set(searchOutcomeAtom, { state: 'failed', hits: kept, nextCursor: cursor ?? null, reason: t('operator.common.error', { reason: reasonText(err) }) });
        },
      );
    },
    [store, api, t],
  );
}

/** The search panel: a form, then the hits (each opens the conversation at that message), more on demand. */
export function SearchPanel({ store, api }: SearchPanelProps): React.JSX.Element {
  const t = useT();
  const resultsId = useId();
  const submitted = useStoreValue(store, searchFormAtom);
  const outcome = useStoreValue(store, searchOutcomeAtom);
  const options = useStoreValue(store, searchFilterOptionsAtom);
  const [form, setForm] = useState(submitted);
  const [problem, setProblem] = useState<{ field: 'query' | 'to'; text: string } | null>(null);
  const run = useSearchRunner(store, api, t);
  const panel = useRef<HTMLElement>(null);
  useCommand(store, SEARCH_COMMAND, () => {
    const box = panel.current?.querySelector<HTMLInputElement>('input[type="search"]');
    box?.focus();
    box?.select();
    return Boolean(box);
  });
  useEffect(() => {
    if (options) return;
    api.filters().then((o) => store.set(searchFilterOptionsAtom, o), markHandled);
  }, [api, store, options]);

  const submit = () => {
    if (searchWords(form.query).length === 0) return setProblem({ field: 'query', text: t('operator.search.needWords') });
    if (isBackwardRange(form)) return setProblem({ field: 'to', text: t('operator.search.backwardRange') });
    setProblem(null);
    store.set(searchFormAtom, form);
    run(form, false);
  };
  const hits = outcome.state === 'idle' ? [] : outcome.hits;
  const more = (outcome.state === 'done' || outcome.state === 'failed') && outcome.nextCursor !== null;
  return (
    <section className="op-search" aria-labelledby={`${resultsId}-h`} ref={panel}>
      <h2 id={`${resultsId}-h`}>{t('operator.search.heading')}</h2>
      <SearchForm form={form} options={options} problem={problem} busy={outcome.state === 'searching'} onChange={setForm} onSubmit={submit} />
      <h3 id={resultsId} className="op-search-results-heading">
        {t('operator.search.results')}
      </h3>
      <p role="status" className="op-search-summary">
        <SearchSummary outcome={outcome} />
      </p>
      {outcome.state === 'failed' ? (
        <p role="alert" className="op-search-failed">
          {outcome.reason}{' '}
          <button type="button" onClick={() => run(submitted, hits.length > 0)}>
            {t('operator.search.retry')}
          </button>
        </p>
      ) : null}
      {hits.length > 0 ? <SearchResults hits={hits} labelId={resultsId} /> : null}
      {more && outcome.state === 'done' ? (
        <button type="button" className="op-search-more" onClick={() => run(submitted, true)}>
          {t('operator.search.more')}
        </button>
      ) : null}
    </section>
  );
}

/** What the live region says of the search. */
function SearchSummary({ outcome }: { outcome: SearchOutcome }): React.JSX.Element | null {
  const t = useT();
  if (outcome.state === 'searching') return <>{t('operator.search.searching')}</>;
  if (outcome.state !== 'done') return null;
  if (outcome.hits.length === 0) return <>{t('operator.search.none')}</>;
  return <>{t(outcome.nextCursor === null ? 'operator.search.count' : 'operator.search.countMore', { count: outcome.hits.length })}</>;
}

/** The console's "Search" section. */
export function SearchView({ api, store }: FeatureContext): React.JSX.Element {
  const calls = useMemo(() => searchApi(api), [api]);
  return <SearchPanel store={store} api={calls} />;
}
