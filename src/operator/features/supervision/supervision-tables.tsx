import { conversationLinkHash } from '../../../protocol/operator-console.js';
import type { SupervisedConversation, SupervisedOperator } from '../../../protocol/console/supervision.js';
import { useT } from '../../core/texts.js';

/** Follows a conversation's link even when the address already names it (a second click). */
function follow(event: React.MouseEvent<HTMLAnchorElement>, href: string): void {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  if (window.location.hash !== href) return;
  event.preventDefault();
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

/** Props of {@link ConversationsTable}. */
export interface ConversationsTableProps {
  conversations: SupervisedConversation[];
  /** The server's time, brought forward by the console's clock since the answer. */
  now: number;
  selfId: number;
  /** The conversation being taken, whose button waits. */
  taking: number | null;
  onTake(c: SupervisedConversation): void;
}

/** The channel's live conversations: who waits, for how long, with whom; each opens, each can be taken. */
export function ConversationsTable({ conversations, now, selfId, taking, onTake }: ConversationsTableProps): React.JSX.Element {
  const t = useT();
  if (conversations.length === 0) return <p>{t('operator.supervision.noConversations')}</p>;
  return (
    <table className="op-supervision-table">
      <caption>{t('operator.supervision.conversations')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('operator.supervision.visitor')}</th>
          <th scope="col">{t('operator.supervision.waiting')}</th>
          <th scope="col">{t('operator.supervision.operator')}</th>
          <th scope="col">{t('operator.supervision.status')}</th>
          <th scope="col">{t('operator.supervision.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {conversations.map((c) => {
          const href = conversationLinkHash(c.session_id);
          return (
            <tr key={c.session_id}>
              <th scope="row">
                <a href={href} onClick={(e) => follow(e, href)}>
                  {c.visitor_label}
                </a>
              </th>
              <td>{c.waiting_since === null ? t('operator.supervision.answered') : t('operator.supervision.waitingFor', { minutes: Math.max(0, Math.floor((now - c.waiting_since) / 60_000)) })}</td>
              <td>{c.operator ? c.operator.name : t('operator.supervision.nobody')}</td>
              <td>{t(`operator.supervision.statusName.${c.status}`)}</td>
              <td>
                {c.operator?.id === selfId || c.status === 'resolved' ? null : (
                  <button type="button" disabled={taking === c.session_id} onClick={() => onTake(c)} aria-label={t('operator.supervision.takeConversation', { name: c.visitor_label })}>
                    {t('operator.supervision.take')}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The channel's operators: role, presence, and the open conversations each holds against its capacity. */
export function OperatorsTable({ operators }: { operators: SupervisedOperator[] }): React.JSX.Element {
  const t = useT();
  return (
    <table className="op-supervision-table">
      <caption>{t('operator.supervision.operators')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('operator.supervision.operator')}</th>
          <th scope="col">{t('operator.supervision.role')}</th>
          <th scope="col">{t('operator.supervision.presence')}</th>
          <th scope="col">{t('operator.supervision.load')}</th>
        </tr>
      </thead>
      <tbody>
        {operators.map((o) => (
          <tr key={o.id}>
            <th scope="row">{o.name}</th>
            <td>{t(`operator.supervision.roleName.${o.role}`)}</td>
            <td>
              <span className={`op-presence op-presence-${o.presence}`}>{t(`operator.supervision.presenceName.${o.presence}`)}</span>
            </td>
            <td>{o.capacity === null ? String(o.load) : t('operator.supervision.loadOf', { load: o.load, capacity: o.capacity })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
