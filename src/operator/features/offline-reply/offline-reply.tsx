import { useEffect, useState, type FormEvent } from 'react';
import { reasonText } from '../../../platform/errors.js';
import { typedTextDir } from '../../../platform/i18n/direction.js';
import { useT } from '../../core/texts.js';
import { OutcomeLines } from '../../core/outcome-lines.js';
import type { PaneSectionProps } from '../../desk/pane-slots.js';

/** Props of {@link OfflineReply}. */
export interface OfflineReplyProps {
  /** The conversation answered: another one starts with an empty form. */
  sessionId: number;
  visitorName: string;
  /** Where the answer is mailed. */
  email: string;
  /** Mails the answer and stores it; rejects with a readable reason. */
  onReply(text: string): Promise<void>;
}

type Sending = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; reason: string };

/**
 * The answer to a message left while nobody was online (issue 14): there is no chat to write in, so the
 * operator writes an e-mail to the address the visitor gave. A failed sending keeps the text.
 */
export function OfflineReply({ sessionId, visitorName, email, onReply }: OfflineReplyProps): React.JSX.Element {
  const t = useT();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState<Sending>({ kind: 'idle' });

  useEffect(() => {
    setDraft('');
    setSending({ kind: 'idle' });
  }, [sessionId]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text === '' || sending.kind === 'sending') return;
    setSending({ kind: 'sending' });
    onReply(text).then(
      () => {
        setDraft('');
        setSending({ kind: 'sent' });
      },
      (err: unknown) => setSending({ kind: 'failed', reason: reasonText(err) }),
    );
  };

  const fieldId = `op-reply-${sessionId}`;
  return (
    <form className="op-reply" onSubmit={send}>
      <p className="op-offline-note">{t('operator.offline-reply.offline', { email })}</p>
      <label htmlFor={fieldId}>{t('operator.offline-reply.reply', { name: visitorName })}</label>
      <textarea id={fieldId} rows={4} dir={typedTextDir(draft)} required maxLength={4000} value={draft} onChange={(e) => setDraft(e.target.value)} />
      <button type="submit" disabled={sending.kind === 'sending'}>
        {sending.kind === 'sending' ? t('operator.offline-reply.replySending') : t('operator.offline-reply.replySend')}
      </button>
      <OutcomeLines
        done={sending.kind === 'sent' ? t('operator.offline-reply.replySent', { email }) : ''}
        failure={sending.kind === 'failed' ? t('operator.offline-reply.replyFailed', { reason: sending.reason }) : undefined}
      />
    </form>
  );
}

/** The offline reply in the composer's place, for the open conversation. */
export function OfflineReplySection({ api, conversation: c, reloadOpen }: PaneSectionProps): React.JSX.Element {
  return (
    <OfflineReply
      sessionId={c.id}
      visitorName={c.visitor_name}
      email={c.reply_email ?? ''}
      onReply={async (text) => {
        await api.replyByEmail(c.id, text);
        reloadOpen(c.id);
      }}
    />
  );
}
