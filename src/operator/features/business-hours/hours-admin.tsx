import { useEffect, useId, useState } from 'react';
import type { BusinessHoursAnswer } from '../../../protocol/business-hours.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { ErrorLine } from '../../core/outcome-lines.js';
import { useT } from '../../core/texts.js';
import type { HoursApi } from './hours-api.js';
import { HoursEditor } from './hours-editor.js';

type Loaded = { channel: { id: number; name: string }; answer: BusinessHoursAnswer };

/** Administration → Business hours: every channel's schedule, each saved on its own. */
export function HoursAdmin({ api }: { api: Pick<HoursApi, 'channels' | 'get' | 'set'> }): React.JSX.Element {
  const t = useT();
  const headingId = useId();
  const [loaded, setLoaded] = useState<Loaded[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .channels()
      .then((channels) => Promise.all(channels.map(async (c) => ({ channel: { id: c.id, name: c.name }, answer: await api.get(c.id) }))))
      .then(
        (all) => live && setLoaded(all),
        (err: unknown) => {
          markHandled(err);
          if (live) setError(t('operator.common.error', { reason: reasonText(err) }));
        },
      );
    return () => {
      live = false;
    };
  }, [api, t]);
  return (
    <section className="op-hours-admin" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('operator.business-hours.heading')}</h3>
      <p className="op-hint">{t('operator.business-hours.intro')}</p>
      {loaded === null && error === null ? <p role="status">{t('operator.common.loading')}</p> : null}
      <ErrorLine text={error} />
      {(loaded ?? []).map(({ channel, answer }) => (
        <HoursEditor key={channel.id} api={api} channel={channel} hours={answer.hours} />
      ))}
    </section>
  );
}
