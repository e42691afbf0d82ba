import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { CONVERSATION_STATUSES, statusAt, type ConversationStatus } from '../../../protocol/conversation-status.js';
import type { MessageKey } from '../../../platform/i18n/index.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { useMinuteNow } from '../../../ui/shared/minute-clock.js';
import { useLocale, useT } from '../../core/texts.js';
import { deskEventAtom } from '../../desk/desk-atoms.js';
import { useCommand } from '../../desk/commands.js';
import type { PaneSectionProps } from '../../desk/pane-slots.js';
import { fromPickerValue, inOneHour, isSnoozeTime, toPickerValue, tomorrowAtNine } from './snooze-times.js';

const LABELS: Record<ConversationStatus, MessageKey> = {
  open: 'operator.statuses.open',
  waiting: 'operator.statuses.waiting',
  snoozed: 'operator.statuses.snoozed',
  resolved: 'operator.statuses.resolved',
};

/** The commands taking the focus to the status, and to the snooze choices. */
export const STATUS_COMMAND = 'status';
export const SNOOZE_COMMAND = 'snooze';

/** The snooze choices: in an hour, tomorrow at 9:00, or a date and time of the operator's choosing. */
function SnoozeChoices({ busy, groupRef, onSnooze, onBadTime }: { busy: boolean; groupRef: RefObject<HTMLDivElement | null>; onSnooze(until: number): void; onBadTime(): void }): React.JSX.Element {
  const t = useT();
  const fieldId = useId();
  const [picked, setPicked] = useState(() => toPickerValue(tomorrowAtNine(new Date())));
  const pickedTime = () => {
    const until = fromPickerValue(picked);
    if (isSnoozeTime(until, Date.now())) onSnooze(until);
    else onBadTime();
  };
  return (
    <div ref={groupRef} className="op-snooze" role="group" aria-label={t('operator.statuses.snooze')}>
      <button type="button" disabled={busy} onClick={() => onSnooze(inOneHour(new Date()))}>
        {t('operator.statuses.inOneHour')}
      </button>
      <button type="button" disabled={busy} onClick={() => onSnooze(tomorrowAtNine(new Date()))}>
        {t('operator.statuses.tomorrow')}
      </button>
      <label htmlFor={fieldId}>{t('operator.statuses.until')}</label>
      <input id={fieldId} type="datetime-local" value={picked} min={toPickerValue(Date.now())} onChange={(e) => setPicked(e.target.value)} />
      <button type="button" disabled={busy} onClick={pickedTime}>
        {t('operator.statuses.apply')}
      </button>
    </div>
  );
}

/**
 * The open conversation's status: a "Status" choice of Open, Waiting for visitor, Snoozed (which then
 * offers its times) and Resolved (the close the visitor's widget knows). A resolved conversation keeps
 * its end. The list follows at once, and the other operators' lists over the bus.
 */
export function StatusSection({ conversation, api, store }: PaneSectionProps): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const now = useMinuteNow().getTime();
  const selectId = useId();
  const current = statusAt(conversation, now);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const snoozeGroup = useRef<HTMLDivElement>(null);
  // Counts the snooze commands: each takes the focus to the first choice, once they are drawn.
  const [snoozeAsked, setSnoozeAsked] = useState(0);
  useEffect(() => {
    if (snoozeAsked > 0) snoozeGroup.current?.querySelector('button')?.focus();
  }, [snoozeAsked]);
  const canChange = !busy && current !== 'resolved';
  useCommand(store, STATUS_COMMAND, () => void select.current?.focus(), canChange);
  useCommand(
    store,
    SNOOZE_COMMAND,
    () => {
      setChoosing(true);
      setSnoozeAsked((n) => n + 1);
    },
    canChange,
  );
  useEffect(() => {
    setChoosing(false);
    setError(null);
  }, [conversation.id]);

  const apply = async (status: ConversationStatus, until?: number) => {
    setBusy(true);
    try {
      const answer = await api.setStatus(conversation.id, status, until);
      store.set(deskEventAtom, { type: 'status', sessionId: conversation.id, status: answer.status, snoozedUntil: answer.snoozed_until });
      if (status === 'resolved') store.set(deskEventAtom, { type: 'closed', sessionId: conversation.id, at: Date.now() });
      setChoosing(false);
      setError(null);
    } catch (err) {
      markHandled(err);
      setError(t('operator.common.error', { reason: reasonText(err) }));
    } finally {
      setBusy(false);
    }
  };
  const choose = (value: string) => {
    const status = CONVERSATION_STATUSES.find((s) => s === value);
    if (status === 'snoozed') setChoosing(true);
    else if (status) void apply(status);
  };
  const snoozedUntil = current === 'snoozed' && typeof conversation.snoozed_until === 'number' ? new Date(conversation.snoozed_until).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : null;

  return (
    <section className="op-status" aria-label={t('operator.statuses.label')}>
      <label htmlFor={selectId}>{t('operator.statuses.label')}</label>{' '}
      <select ref={select} id={selectId} value={choosing ? 'snoozed' : current} disabled={busy || current === 'resolved'} onChange={(e) => choose(e.target.value)}>
        {CONVERSATION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(LABELS[s])}
          </option>
        ))}
      </select>
      {snoozedUntil && !choosing ? <p className="op-status-until">{t('operator.statuses.snoozedUntil', { time: snoozedUntil })}</p> : null}
      {choosing ? <SnoozeChoices busy={busy} groupRef={snoozeGroup} onSnooze={(until) => void apply('snoozed', until)} onBadTime={() => setError(t('operator.statuses.badTime'))} /> : null}
      {error ? (
        <p role="alert" className="op-status-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
