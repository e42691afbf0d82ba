import { useEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { ChatMessage } from '../../protocol/livechat.js';
import type { ConversationDetail } from '../../protocol/operator-console.js';
import { useLocale, useT } from '../texts.js';
import { isFromVisitor, messageTime } from '../desk-state.js';
import { MessageBody } from './message-body.js';
import { AttachmentList } from './attachment-list.js';

/** Props of {@link ConversationPane}. */
export interface ConversationPaneProps {
  conversation: ConversationDetail;
  visitorTyping: boolean;
  /** Sends a message; rejects with a readable reason. */
  onSend(text: string): Promise<void>;
  /** The composer's content changed. */
  onComposerInput(hasText: boolean): void;
  onRequestHistory(): void;
  onClose(): void;
  /** Sends files as one message; rejects with a readable reason. */
  onAttach(files: File[]): Promise<void>;
}

function authorName(message: ChatMessage, visitorName: string): string {
  if (isFromVisitor(message) || !message.author_id) return visitorName;
  return message.author_id[1];
}

const timeFormatOf = (locale: string): Intl.DateTimeFormat => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });

/** One open conversation: messages, typing indicator, composer (Enter sends), page history, rating, close. */
export function ConversationPane({ conversation: c, visitorTyping, onSend, onComposerInput, onRequestHistory, onClose, onAttach }: ConversationPaneProps): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const timeFormat = useMemo(() => timeFormatOf(locale), [locale]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const closed = c.closed_at !== null;

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [c.messages.length, c.id]);

  useEffect(() => {
    setDraft('');
    setError(null);
  }, [c.id]);

  const send = () => {
    const text = draft.trim();
    if (text === '') return;
    setDraft('');
    setError(null);
    onSend(text).catch((err: unknown) => {
      // Nothing typed is lost: the text comes back into the composer.
      setDraft((current) => (current === '' ? text : current));
      setError(t('operator.conversation.sendFailed', { reason: err instanceof Error ? err.message : String(err) }));
    });
  };

  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    setUploading(true);
    setError(null);
    onAttach(files).then(
      () => {
        input.value = '';
        setUploading(false);
      },
      (err: unknown) => {
        // The chosen files stay selected, so the operator can see what failed.
        setUploading(false);
        setError(t('operator.attachment.failed', { reason: err instanceof Error ? err.message : String(err) }));
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <section className="op-pane" aria-labelledby="op-pane-heading">
      <header className="op-pane-header">
        <h2 id="op-pane-heading">{c.visitor_name}</h2>
        <div className="op-pane-actions">
          <button type="button" onClick={onRequestHistory} disabled={closed}>
            {t('operator.conversation.requestHistory')}
          </button>
          <button type="button" onClick={onClose} disabled={closed}>
            {t('operator.conversation.close')}
          </button>
        </div>
      </header>
      <ol className="op-messages" ref={list} aria-label={t('operator.conversation.messages', { name: c.visitor_name })} tabIndex={0}>
        {c.messages.map((m) => (
          <li key={m.id} className={isFromVisitor(m) ? 'op-message op-from-visitor' : 'op-message op-from-operator'}>
            <div className="op-message-meta">
              <span className="op-message-author">{authorName(m, c.visitor_name)}</span>{' '}
              <time dateTime={new Date(messageTime(m)).toISOString()}>{timeFormat.format(messageTime(m))}</time>
            </div>
            <MessageBody html={m.body} />
            {m.attachment_ids.length > 0 ? <AttachmentList attachments={m.attachment_ids} /> : null}
          </li>
        ))}
      </ol>
      <p className="op-typing" role="status">
        {visitorTyping ? t('widget.typing.one', { first: c.visitor_name }) : ''}
      </p>
      {closed ? (
        <p className="op-closed" role="status">
          {t('operator.conversation.closed')}
        </p>
      ) : (
        <div className="op-composer">
          <textarea
            aria-label={t('operator.conversation.composer', { name: c.visitor_name })}
            placeholder={t('operator.conversation.placeholder')}
            rows={2}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              onComposerInput(e.target.value.trim() !== '');
            }}
            onKeyDown={onKeyDown}
          />
          <label className="op-attach">
            {uploading ? t('operator.attachment.sending') : t('operator.attachment.attach')}
            <input type="file" multiple disabled={uploading} onChange={attach} />
          </label>
        </div>
      )}
      {error ? (
        <p role="alert" className="op-error">
          {error}
        </p>
      ) : null}
      <div className="op-details">
        <h3>{t('operator.conversation.history')}</h3>
        {c.page_history === null ? (
          <p>{t('operator.conversation.historyUnknown')}</p>
        ) : c.page_history.length === 0 ? (
          <p>{t('operator.conversation.historyEmpty')}</p>
        ) : (
          <ol className="op-pages">
            {c.page_history.map((page, i) => (
              <li key={`${i}:${page}`}>{page}</li>
            ))}
          </ol>
        )}
        <p className="op-rating">
          {c.rating ? t('operator.conversation.rating', { rate: String(c.rating.rate) }) : t('operator.conversation.noRating')}
        </p>
        {c.rating && c.rating.reason ? <p className="op-rating-reason">{t('operator.conversation.reason', { reason: c.rating.reason })}</p> : null}
      </div>
    </section>
  );
}
