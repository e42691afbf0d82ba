import { useEffect, useState } from 'react';
import { markHandled, reasonText } from '../../../platform/errors.js';
import type { ConversationDetail } from '../../../protocol/operator-console.js';
import { ErrorLine } from '../../core/outcome-lines.js';
import { useT } from '../../core/texts.js';
import { useCommand } from '../../desk/commands.js';
import { deskEventAtom, selectedIdAtom, type DeskStore } from '../../desk/desk-atoms.js';
import type { PaneSectionProps } from '../../desk/pane-slots.js';
import type { OperatorApi } from '../../core/api.js';
import { leave } from './transfer-api.js';
import { TransferDialog, type TransferMode } from './transfer-dialog.js';

/** The command opening the Transfer dialog. */
export const TRANSFER_COMMAND = 'transfer';

/** Only an open live chat changes hands (an offline message has no operator). */
export const canTransfer = (c: ConversationDetail) => c.closed_at === null && c.origin === 'chat';

/** The conversation left the operator's hands: the desk goes back to the list, which the bus reloads. */
export function leftConversation(store: DeskStore, sessionId: number): void {
  if (store.get(selectedIdAtom) === sessionId) store.set(deskEventAtom, { type: 'selected', id: null });
}

/** Leaves the conversation; resolves with the failure's text, or null when done. */
export async function leaveConversation(api: OperatorApi, store: DeskStore, sessionId: number, t: ReturnType<typeof useT>): Promise<string | null> {
  try {
    await leave(api, sessionId);
    leftConversation(store, sessionId);
    return null;
  } catch (err) {
    markHandled(err);
    return t('operator.common.error', { reason: reasonText(err) });
  }
}

/**
 * The open chat's "Transfer", "Invite" and "Leave": the first two open the dialog of the channel's
 * operators (and channels); Leave is refused by the server while nobody else would remain.
 */
export function TransferSection({ conversation, api, store, reloadOpen }: PaneSectionProps): React.JSX.Element | null {
  const t = useT();
  const [mode, setMode] = useState<TransferMode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = canTransfer(conversation);
  useCommand(store, TRANSFER_COMMAND, () => setMode('transfer'), open);
  useEffect(() => {
    setMode(null);
    setError(null);
  }, [conversation.id]);
  if (!open) return null;
  const onLeave = async () => {
    setBusy(true);
    setError(await leaveConversation(api, store, conversation.id, t));
    setBusy(false);
  };
  return (
    <section className="op-transfer-section" aria-label={t('operator.transfer.label')}>
      <div role="group" aria-label={t('operator.transfer.label')}>
        <button type="button" aria-haspopup="dialog" onClick={() => setMode('transfer')}>
          {t('operator.transfer.transfer')}
        </button>{' '}
        <button type="button" aria-haspopup="dialog" onClick={() => setMode('invite')}>
          {t('operator.transfer.invite')}
        </button>{' '}
        <button type="button" disabled={busy} onClick={() => void onLeave()}>
          {t('operator.transfer.leave')}
        </button>
      </div>
      <ErrorLine text={error} />
      {mode ? (
        <TransferDialog
          api={api}
          sessionId={conversation.id}
          mode={mode}
          onClose={() => setMode(null)}
          onDone={(gone) => {
            setMode(null);
            if (gone) leftConversation(store, conversation.id);
            else reloadOpen(conversation.id);
          }}
        />
      ) : null}
    </section>
  );
}
