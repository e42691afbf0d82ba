import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { ChannelSettings, OperatorAccount } from '../../../protocol/operator-console.js';
import { CAPACITY_BOUNDS, OPERATOR_LANGUAGES_MAX, type OperatorRouting } from '../../../protocol/console/routing.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import type { FeatureContext } from '../../app/registry.js';
import type { OperatorApi } from '../../core/api.js';
import { useT } from '../../core/texts.js';
import { StatusSection } from '../../core/status-section.js';
import { loadOperatorRouting, saveOperatorRouting } from './routing-api.js';

/** The languages as the input holds them: tags separated by commas or spaces. */
function languageList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter((l) => l !== '')
    .slice(0, OPERATOR_LANGUAGES_MAX);
}

/** One operator's languages and own capacity in each of their channels, loaded when opened. */
function RoutingForm({ api, operator, channels, onSaved, onError, onClose }: { api: OperatorApi; operator: OperatorAccount; channels: readonly ChannelSettings[]; onSaved(text: string): void; onError(err: unknown): void; onClose(): void }): React.JSX.Element {
  const t = useT();
  const id = useId();
  const [routing, setRouting] = useState<OperatorRouting | null>(null);
  const [languages, setLanguages] = useState('');
  const [capacities, setCapacities] = useState<Record<number, string>>({});
  const show = useCallback((r: OperatorRouting) => {
    setRouting(r);
    setLanguages(r.languages.join(', '));
    setCapacities(Object.fromEntries(r.channels.map((c) => [c.channel_id, c.capacity === null ? '' : String(c.capacity)])));
  }, []);
  useEffect(() => {
    loadOperatorRouting(api, operator.id).then(show, onError);
  }, [api, operator.id, show, onError]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const change = {
      operator_id: operator.id,
      languages: languageList(languages),
      capacities: (routing?.channels ?? []).map((c) => ({ channel_id: c.channel_id, capacity: (capacities[c.channel_id] ?? '').trim() === '' ? null : Number(capacities[c.channel_id]) })),
    };
    saveOperatorRouting(api, change).then((saved) => {
      show(saved);
      onSaved(t('operator.routing.saved', { name: operator.name }));
    }, onError);
  };

  if (!routing) return <p>{t('operator.common.loading')}</p>;
  const channelOf = (channelId: number) => channels.find((c) => c.id === channelId);
  return (
    <form onSubmit={save} className="op-admin-form" aria-label={t('operator.routing.formOf', { name: operator.name })}>
      <label>
        {t('operator.routing.languages')}
        <input maxLength={200} aria-describedby={`${id}-languages`} value={languages} onChange={(e) => setLanguages(e.target.value)} />
      </label>
      <p id={`${id}-languages`} className="op-hint">
        {t('operator.routing.languagesHint')}
      </p>
      {routing.channels.map((c) => {
        const channel = channelOf(c.channel_id);
        const limit = channel?.capacity ?? null;
        return (
          <label key={c.channel_id}>
            {t('operator.routing.capacityIn', { channel: channel?.name ?? String(c.channel_id) })}
            <input
              type="number"
              min={CAPACITY_BOUNDS.min}
              max={CAPACITY_BOUNDS.max}
              step={1}
              placeholder={limit === null ? t('operator.routing.noLimit') : String(limit)}
              aria-describedby={`${id}-capacity`}
              value={capacities[c.channel_id] ?? ''}
              onChange={(e) => setCapacities({ ...capacities, [c.channel_id]: e.target.value })}
            />
          </label>
        );
      })}
      <p id={`${id}-capacity`} className="op-hint">
        {t('operator.routing.capacityHint')}
      </p>
      <button type="submit">{t('operator.routing.save', { name: operator.name })}</button>
      <button type="button" onClick={onClose}>
        {t('operator.routing.cancel')}
      </button>
    </form>
  );
}

/** Administration → Routing: each operator's languages and own capacity per channel. */
export function RoutingAdmin({ api }: { api: OperatorApi }): React.JSX.Element {
  const t = useT();
  const [operators, setOperators] = useState<readonly OperatorAccount[] | null>(null);
  const [channels, setChannels] = useState<readonly ChannelSettings[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback(
    (err: unknown) => {
      markHandled(err);
      setStatus('');
      setError(t('operator.common.error', { reason: reasonText(err) }));
    },
    [t],
  );
  useEffect(() => {
    Promise.all([api.operators(), api.channels()]).then(([ops, chans]) => {
      setOperators(ops);
      setChannels(chans);
    }, onError);
  }, [api, onError]);
  const saved = (text: string) => {
    setError(null);
    setStatus(text);
  };

  return (
    <StatusSection heading={t('operator.routing.admin')} level={3} hint={t('operator.routing.adminHint')} loading={operators === null} status={status} error={error}>
      <ul>
        {(operators ?? []).map((o) => (
          <li key={o.id}>
            {open === o.id ? (
              <RoutingForm api={api} operator={o} channels={channels} onSaved={saved} onError={onError} onClose={() => setOpen(null)} />
            ) : (
              <button type="button" onClick={() => setOpen(o.id)}>
                {t('operator.routing.edit', { name: o.name })}
              </button>
            )}
          </li>
        ))}
      </ul>
    </StatusSection>
  );
}

/** The section as Administration draws it. */
export function RoutingAdminSection({ api }: FeatureContext): React.JSX.Element {
  return <RoutingAdmin api={api} />;
}
