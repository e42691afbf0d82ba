import { useEffect, useState, type FormEvent } from 'react';
import type { OperatorAlertSettings } from '../../../protocol/operator-console.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import type { OperatorApi } from '../../core/api.js';
import { useT } from '../../core/texts.js';
import { OutcomeLines } from '../../core/outcome-lines.js';

/** The calls of the panel. */
export type AlertSettingsApi = Pick<OperatorApi, 'alertSettings' | 'setAlertSettings'>;

type Outcome = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; reason: string };

/**
 * The operator's own alert e-mails (issue 14): where they go and which ones. Every operator edits its own;
 * the server checks the address again.
 */
export function AlertSettingsPanel({ api }: { api: AlertSettingsApi }): React.JSX.Element {
  const t = useT();
  const [draft, setDraft] = useState<{ email: string; missed: boolean; offline: boolean; mention: boolean } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const fill = (s: OperatorAlertSettings) => setDraft({ email: s.email ?? '', missed: s.notify_missed_chat, offline: s.notify_offline_message, mention: s.notify_mention });

  useEffect(() => {
    api.alertSettings().then(fill, (err: unknown) => {
      markHandled(err);
      setOutcome({ kind: 'failed', reason: reasonText(err) });
    });
  }, [api]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setOutcome({ kind: 'saving' });
    api.setAlertSettings({ email: draft.email.trim() === '' ? null : draft.email.trim(), notify_missed_chat: draft.missed, notify_offline_message: draft.offline, notify_mention: draft.mention }).then(
      (saved) => {
        fill(saved);
        setOutcome({ kind: 'saved' });
      },
      (err: unknown) => {
        // What was typed stays in the form, to correct and save again.
        markHandled(err);
        setOutcome({ kind: 'failed', reason: reasonText(err) });
      },
    );
  };

  return (
    <section className="op-admin" aria-labelledby="op-alerts-heading">
      <h2 id="op-alerts-heading">{t('operator.alerts.heading')}</h2>
      {draft === null ? (
        outcome.kind === 'failed' ? null : <p role="status">{t('operator.alerts.loading')}</p>
      ) : (
        <form className="op-admin-form" onSubmit={save} aria-labelledby="op-alerts-heading">
          <label>
            {t('operator.alerts.email')}
            <input type="email" maxLength={254} autoComplete="email" aria-describedby="op-alerts-email-hint" value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} />
          </label>
          <p id="op-alerts-email-hint" className="op-hint">
            {t('operator.alerts.emailHint')}
          </p>
          <label className="op-check">
            <input type="checkbox" checked={draft.missed} onChange={(e) => setDraft({ ...draft, missed: e.target.checked })} />
            {t('operator.alerts.missedChat')}
          </label>
          <label className="op-check">
            <input type="checkbox" checked={draft.offline} onChange={(e) => setDraft({ ...draft, offline: e.target.checked })} />
            {t('operator.alerts.offlineMessage')}
          </label>
          <label className="op-check">
            <input type="checkbox" checked={draft.mention} onChange={(e) => setDraft({ ...draft, mention: e.target.checked })} />
            {t('operator.alerts.mention')}
          </label>
          <button type="submit" disabled={outcome.kind === 'saving'}>
            {t('operator.alerts.save')}
          </button>
        </form>
      )}
      <OutcomeLines done={outcome.kind === 'saved' ? t('operator.alerts.saved') : ''} failure={outcome.kind === 'failed' ? t('operator.common.error', { reason: outcome.reason }) : undefined} />
    </section>
  );
}
