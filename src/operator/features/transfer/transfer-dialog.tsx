import { useEffect, useId, useRef, useState } from 'react';
import { RpcServerError, markHandled, reasonText } from '../../../platform/errors.js';
import { TRANSFER_LIMITS, TRANSFER_REFUSED, type TransferOperator, type TransferTargets } from '../../../protocol/console/transfer.js';
import type { OperatorApi } from '../../core/api.js';
import { ErrorLine } from '../../core/outcome-lines.js';
import { useT } from '../../core/texts.js';
import { invite, loadTargets, transfer } from './transfer-api.js';

/** What the dialog does: pass the conversation on, or invite a colleague beside the operator. */
export type TransferMode = 'transfer' | 'invite';

/** Props of {@link TransferDialog}. */
export interface TransferDialogProps {
  api: OperatorApi;
  sessionId: number;
  mode: TransferMode;
  /** Done: `gone` when the conversation is no longer the operator's. */
  onDone(gone: boolean): void;
  onClose(): void;
}

/** A choice of the dialog: an operator or (for a transfer) a channel. */
type Target = { kind: 'operator'; id: number } | { kind: 'channel'; id: number };

const valueOf = (t: Target) => `${t.kind}:${t.id}`;
const targetOf = (value: string): Target | null => {
  const [kind, id] = value.split(':');
  return (kind === 'operator' || kind === 'channel') && Number.isSafeInteger(Number(id)) ? { kind, id: Number(id) } : null;
};
const atCapacity = (o: TransferOperator) => o.capacity !== null && o.load >= o.capacity;

/** One operator's line: name, presence, and load against capacity when one is known. */
function OperatorLabel({ operator }: { operator: TransferOperator }): React.JSX.Element {
  const t = useT();
  const load = operator.capacity === null ? t('operator.transfer.load', { load: operator.load }) : t('operator.transfer.loadCapacity', { load: operator.load, capacity: operator.capacity });
  return (
    <>
      <span dir="auto">{operator.name}</span> · {t(`operator.transfer.presence.${operator.presence}`)} · {load}
      {operator.in_conversation ? ` · ${t('operator.transfer.inConversation')}` : null}
    </>
  );
}

/** The radio choices: the channel's operators, then (for a transfer) the operator's other channels. */
function TargetChoices({ targets, mode, chosen, onChoose }: { targets: TransferTargets; mode: TransferMode; chosen: string; onChoose(value: string): void }): React.JSX.Element {
  const t = useT();
  const name = useId();
  return (
    <>
      <fieldset className="op-transfer-choices">
        <legend>{t('operator.transfer.operators')}</legend>
        {targets.operators.length === 0 ? <p>{t('operator.transfer.noOperators')}</p> : null}
        {targets.operators.map((o) => (
          <label key={o.id}>
            <input type="radio" name={name} value={valueOf({ kind: 'operator', id: o.id })} checked={chosen === valueOf({ kind: 'operator', id: o.id })} disabled={o.in_conversation} onChange={(e) => onChoose(e.target.value)} />{' '}
            <OperatorLabel operator={o} />
          </label>
        ))}
      </fieldset>
      {mode === 'transfer' && targets.channels.length > 0 ? (
        <fieldset className="op-transfer-choices">
          <legend>{t('operator.transfer.channels')}</legend>
          {targets.channels.map((c) => (
            <label key={c.id}>
              <input type="radio" name={name} value={valueOf({ kind: 'channel', id: c.id })} checked={chosen === valueOf({ kind: 'channel', id: c.id })} disabled={!c.available} onChange={(e) => onChoose(e.target.value)} />{' '}
              <span dir="auto">{c.name}</span> · {t(c.available ? 'operator.transfer.channelAvailable' : 'operator.transfer.channelUnavailable')}
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}

/**
 * The Transfer (or Invite) dialog: the conversation channel's operators with their presence and load
 * against capacity, the operator's other channels, and a note the receiver reads first. Passing it to an
 * operator at capacity asks to confirm first. Escape or Cancel leaves it.
 */
export function TransferDialog({ api, sessionId, mode, onDone, onClose }: TransferDialogProps): React.JSX.Element {
  const t = useT();
  const headingId = useId();
  const noteId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [targets, setTargets] = useState<TransferTargets | null>(null);
  const [chosen, setChosen] = useState('');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<TransferOperator | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
    };
  }, []);
  useEffect(() => {
    loadTargets(api, sessionId).then(setTargets, (err: unknown) => {
      markHandled(err);
      setError(t('operator.transfer.loadFailed', { reason: reasonText(err) }));
    });
  }, [api, sessionId, t]);

  const target = targetOf(chosen);
  const operator = target?.kind === 'operator' ? targets?.operators.find((o) => o.id === target.id) : undefined;
  const send = async (confirm: boolean) => {
    if (!target) return;
    if (mode === 'transfer' && operator && atCapacity(operator) && !confirm) return setConfirming(operator);
    setBusy(true);
    setError(undefined);
    try {
      if (mode === 'invite') await invite(api, sessionId, target.id);
      else await transfer(api, { session_id: sessionId, [target.kind === 'operator' ? 'operator_id' : 'channel_id']: target.id, ...(note.trim() ? { note: note.trim() } : {}), ...(confirm ? { confirm } : {}) });
      onDone(mode === 'transfer');
    } catch (err) {
      markHandled(err);
      if (err instanceof RpcServerError && err.error.data.name === `${TRANSFER_REFUSED}.at_capacity` && operator) setConfirming(operator);
      else setError(t('operator.common.error', { reason: reasonText(err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="op-dialog op-transfer" aria-labelledby={headingId} onClose={onClose}>
      <h2 id={headingId}>{t(mode === 'transfer' ? 'operator.transfer.transferTitle' : 'operator.transfer.inviteTitle')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send(confirming !== null);
        }}
      >
        {targets ? <TargetChoices targets={targets} mode={mode} chosen={chosen} onChoose={(v) => (setChosen(v), setConfirming(null))} /> : error ? null : <p role="status">{t('operator.common.loading')}</p>}
        {mode === 'transfer' ? (
          <>
            <label htmlFor={noteId}>{t('operator.transfer.note')}</label>
            <textarea id={noteId} value={note} maxLength={TRANSFER_LIMITS.noteMax} rows={3} onChange={(e) => setNote(e.target.value)} />
          </>
        ) : null}
        {confirming ? (
          <p role="alert" className="op-transfer-confirm">
            {t('operator.transfer.atCapacity', { name: confirming.name, load: confirming.load, capacity: confirming.capacity ?? 0 })}
          </p>
        ) : null}
        <ErrorLine text={error} />
        <div className="op-dialog-actions">
          <button type="submit" disabled={busy || !target}>
            {t(confirming ? 'operator.transfer.confirm' : mode === 'transfer' ? 'operator.transfer.transfer' : 'operator.transfer.invite')}
          </button>
          <button type="button" onClick={onClose}>
            {t('operator.transfer.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
