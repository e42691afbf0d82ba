import type { ConversationSummary } from '../../protocol/operator-console.js';
import { useLocale, useT } from '../core/texts.js';
import { bodyText } from '../../platform/text/body-text.js';
import { localTimeIn } from '../core/local-time.js';
import type { OperatorApi } from '../core/api.js';
import type { DeskStore } from './desk-atoms.js';
import type { ListSlots } from './list-slots.js';

/** Where the visitor is and what time it is for them, as far as the widget said: "/pricing · Wed 9:00 PM". */
function whereAndWhen(c: ConversationSummary, now: number, locale: string): string | null {
  const time = c.time_zone ? localTimeIn(c.time_zone, new Date(now), locale) : undefined;
  const parts = [c.current_page, time].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** Props of {@link ConversationList}. */
export interface ConversationListProps {
  conversations: ConversationSummary[];
  selectedId: number | null;
  /** Epoch ms used for waiting times (refreshed by the desk every minute). */
  now: number;
  onSelect(id: number): void;
  /** The features' controls above the list and marks in its rows. */
  extensions?: { slots: ListSlots; api: OperatorApi; store: DeskStore };
}

/** The operator's conversations: visitor, last message, unread count, waiting time, offline or closed; one button each. */
export function ConversationList({ conversations, selectedId, now, onSelect, extensions }: ConversationListProps): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  return (
    <nav className="op-list" aria-labelledby="op-list-heading">
      <h2 id="op-list-heading">{t('operator.list.heading')}</h2>
      {extensions?.slots.controls.map((Control, i) => <Control key={i} api={extensions.api} store={extensions.store} />)}
      {conversations.length === 0 ? <p>{t('operator.list.empty')}</p> : null}
      <ul>
        {conversations.map((c) => {
          const preview = c.last_message ? bodyText(c.last_message.body) : t('operator.list.noMessage');
          const where = whereAndWhen(c, now, locale);
          const waiting = c.closed_at === null && c.waiting_since !== null ? t('operator.list.waiting', { minutes: Math.max(0, Math.floor((now - c.waiting_since) / 60_000)) }) : null;
          return (
            <li key={c.id}>
              <button type="button" className="op-list-item" aria-current={c.id === selectedId ? 'true' : undefined} onClick={() => onSelect(c.id)}>
                <span className="op-list-name" dir="auto">{c.visitor_name}</span>
                {c.unread > 0 ? (
                  <span className="op-badge">
                    <span aria-hidden="true">{c.unread}</span>
                    <span className="op-sr-only">{t('operator.list.unread', { count: c.unread })}</span>
                  </span>
                ) : null}
                <span className="op-list-preview" dir="auto">{preview}</span>
                {where ? <span className="op-list-where" dir="auto">{where}</span> : null}
                {waiting ? <span className="op-list-waiting">{waiting}</span> : null}
                {c.origin === 'offline' ? <span className="op-list-offline">{t('operator.list.offline')}</span> : null}
                {c.closed_at !== null ? <span className="op-list-closed">{t('operator.list.closed')}</span> : null}
                {extensions?.slots.rowMarks.map((Mark, i) => <Mark key={i} conversation={c} store={extensions.store} />)}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
