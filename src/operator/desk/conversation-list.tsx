import type { ReactNode } from 'react';
import type { ConversationSummary } from '../../protocol/operator-console.js';
import { byWaitingTime, statusAt } from '../../protocol/conversation-status.js';
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
  /** Drawn under the heading, above the conversations: the views and filters of the list. */
  controls?: ReactNode;
}

/** "Waiting for visitor" or "Snoozed until Thu 9:00 AM" for a conversation in either status; null otherwise. */
function StatusLabel({ c, now, locale }: { c: ConversationSummary; now: number; locale: string }): React.JSX.Element | null {
  const t = useT();
  const status = statusAt(c, now);
  if (status === 'waiting') return <span className="op-list-status">{t('operator.list.status.waiting')}</span>;
  if (status !== 'snoozed' || typeof c.snoozed_until !== 'number') return null;
  const until = new Date(c.snoozed_until).toLocaleString(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit', day: 'numeric', month: 'short' });
  return <span className="op-list-status">{t('operator.list.status.snoozedUntil', { time: until })}</span>;
}

/**
 * The operator's conversations, the longest-waiting visitor first: visitor, last message, unread count,
 * waiting time, status, offline or closed; one button each.
 */
export function ConversationList({ conversations, selectedId, now, onSelect, controls, extensions }: ConversationListProps): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  return (
    <nav className="op-list" aria-labelledby="op-list-heading">
      <h2 id="op-list-heading">{t('operator.list.heading')}</h2>
      {controls}
      {extensions?.slots.controls.map((Control, i) => <Control key={i} api={extensions.api} store={extensions.store} />)}
      {conversations.length === 0 ? <p>{t('operator.list.empty')}</p> : null}
      <ul>
        {byWaitingTime(conversations, now).map((c) => {
          const preview = c.last_message ? bodyText(c.last_message.body) : t('operator.list.noMessage');
          const where = whereAndWhen(c, now, locale);
          const waiting = statusAt(c, now) === 'open' && c.waiting_since !== null ? t('operator.list.waiting', { minutes: Math.max(0, Math.floor((now - c.waiting_since) / 60_000)) }) : null;
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
                <StatusLabel c={c} now={now} locale={locale} />
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
