import { Fragment, useMemo } from 'react';
import type { ChatMessage } from '../../protocol/livechat.js';
import type { ConversationDetail } from '../../protocol/operator-console.js';
import { useFollowBottom } from '../../ui/shared/follow-bottom.js';
import { isFromVisitor, messageTime } from './desk-state.js';
import { useLocale, useT } from '../core/texts.js';
import { AttachmentList } from './attachment-list.js';
import { MessageBody } from '../core/message-body.js';
import type { PaneExtensions } from './pane-slots.js';
import { timelineItemKey, useFoundItem } from './use-found-item.js';

function authorName(message: ChatMessage, visitorName: string): string {
  if (isFromVisitor(message) || !message.author_id) return visitorName;
  return message.author_id[1];
}

const timeFormatOf = (locale: string): Intl.DateTimeFormat => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });

/**
 * The messages of one conversation, opened at the newest; while the operator is there it stays there as
 * messages arrive and pictures load, and once they scrolled up it stays where they are. The caller keys it by
 * conversation, so another conversation opens at its newest again.
 */
export function MessageList({ conversation: c, extensions }: { conversation: ConversationDetail; extensions?: PaneExtensions }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const timeFormat = useMemo(() => timeFormatOf(locale), [locale]);
  const { logRef, onScroll, unpin } = useFollowBottom<HTMLOListElement>(c.messages);
  const found = useFoundItem(logRef, c.id, extensions?.context.store, unpin);
  // The features' entries (e.g. notes) at each place among the messages; 0 is before the first one.
  const entriesAfter = (after: number) => extensions?.slots.timeline.map((Entries, i) => <Entries key={i} {...extensions.context} conversation={c} after={after} />);

  return (
    <>
    {found === 'missing' ? (
      <p className="op-found-missing" role="status">
        {t('operator.conversation.itemNotShown')}
      </p>
    ) : null}
    <ol className="op-messages" ref={logRef} onScroll={onScroll} aria-label={t('operator.conversation.messages', { name: c.visitor_name })} tabIndex={0}>
      {entriesAfter(0)}
      {c.messages.map((m) => (
        <Fragment key={m.id}>
        <li className={isFromVisitor(m) ? 'op-message op-from-visitor' : 'op-message op-from-operator'} data-item={timelineItemKey({ kind: 'message', id: Number(m.id) })}>
          <div className="op-message-meta">
            <span className="op-message-author" dir="auto">{authorName(m, c.visitor_name)}</span>{' '}
            <time dateTime={new Date(messageTime(m)).toISOString()}>{timeFormat.format(messageTime(m))}</time>
          </div>
          <MessageBody html={m.body} />
          {m.attachment_ids.length > 0 ? <AttachmentList attachments={m.attachment_ids} /> : null}
        </li>
        {entriesAfter(Number(m.id))}
        </Fragment>
      ))}
    </ol>
    </>
  );
}
