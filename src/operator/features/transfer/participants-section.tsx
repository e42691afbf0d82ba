import { useCallback, useId } from 'react';
import type { ConversationParticipants } from '../../../protocol/console/transfer.js';
import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import { useT } from '../../core/texts.js';
import { useLoaded } from '../../core/use-loaded.js';
import type { PaneSectionProps } from '../../desk/pane-slots.js';
import { loadParticipants } from './transfer-api.js';
import { participantsVersionAtom } from './participants-state.js';

/** The list itself: the holder first and marked as such, then the invited colleagues. */
function ParticipantList({ value }: { value: ConversationParticipants }): React.JSX.Element {
  const t = useT();
  return (
    <ul className="op-participants">
      {value.holder ? (
        <li>
          {/* A display name is the operator's own text: its own direction, beside the console's words. */}
          <span dir="auto">{value.holder.name}</span> · <strong>{t('operator.transfer.participants.holder')}</strong>
        </li>
      ) : (
        <li>{t('operator.transfer.participants.nobody')}</li>
      )}
      {value.participants.map((p) => (
        <li key={p.id}>
          <span dir="auto">{p.name}</span> · {t('operator.transfer.participants.invited')}
        </li>
      ))}
    </ul>
  );
}

/**
 * Who is in the open chat: the operator holding it and the colleagues invited beside them, read again
 * whenever the bus says someone joined, left or took it (the last list stays shown meanwhile).
 */
export function ParticipantsSection(props: PaneSectionProps): React.JSX.Element | null {
  // An offline message has no operator to list; a new conversation starts from "loading", not the last one's list.
  return props.conversation.origin === 'chat' ? <ParticipantsPanel key={props.conversation.id} {...props} /> : null;
}

function ParticipantsPanel({ api, store, conversation }: PaneSectionProps): React.JSX.Element {
  const t = useT();
  const version = useStoreValue(store, participantsVersionAtom)[conversation.id] ?? 0;
  const load = useCallback(() => loadParticipants(api, conversation.id), [api, conversation.id]);
  const state = useLoaded(load, [load, version]);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('operator.transfer.participants.heading')}</h3>
      {state.kind === 'ready' ? <ParticipantList value={state.value} /> : null}
      {state.kind === 'loading' ? <p role="status">{t('operator.common.loading')}</p> : null}
      {state.kind === 'failed' ? <p role="alert">{t('operator.transfer.participants.failed', { reason: state.reason })}</p> : null}
    </section>
  );
}
