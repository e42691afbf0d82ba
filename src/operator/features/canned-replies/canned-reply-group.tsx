import { useState } from 'react';
import type { CannedReply } from '../../../protocol/canned-replies.js';
import { useT } from '../../core/texts.js';
import { CannedEditor } from './canned-editor.js';

/** Props of {@link CannedReplyGroup}. */
export interface CannedReplyGroupProps {
  heading: string;
  /** The heading's level in the page. */
  level: 3 | 4;
  replies: readonly CannedReply[];
  /** Whether the caller may add replies here. */
  canAdd: boolean;
  onCreate(shortcut: string, text: string): Promise<void>;
  onUpdate(reply: CannedReply, shortcut: string, text: string): Promise<void>;
  onRemove(reply: CannedReply): void;
}

/** One scope's replies (the operator's own, or a channel's shared ones): each with Edit and Delete where allowed, and "New reply". */
export function CannedReplyGroup({ heading, level, replies, canAdd, onCreate, onUpdate, onRemove }: CannedReplyGroupProps): React.JSX.Element {
  const t = useT();
  // The reply being edited, or 'new'.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section className="op-canned-group" aria-label={heading}>
      <Heading>{heading}</Heading>
      {replies.length === 0 ? <p>{t('operator.canned-replies.none')}</p> : null}
      <ul className="op-canned-replies">
        {replies.map((r) =>
          editing === r.id ? (
            <li key={r.id}>
              <CannedEditor reply={r} onSave={(s, x) => onUpdate(r, s, x).then(() => setEditing(null))} onCancel={() => setEditing(null)} />
            </li>
          ) : (
            <li key={r.id}>
              <span className="op-canned-shortcut" dir="auto">
                /{r.shortcut}
              </span>{' '}
              <span className="op-canned-text" dir="auto">
                {r.text}
              </span>
              {r.editable ? (
                <span className="op-canned-buttons">
                  <button type="button" onClick={() => setEditing(r.id)} aria-label={t('operator.canned-replies.editTitle', { shortcut: r.shortcut })}>
                    {t('operator.canned-replies.edit')}
                  </button>
                  <button type="button" onClick={() => onRemove(r)} aria-label={t('operator.canned-replies.deleteTitle', { shortcut: r.shortcut })}>
                    {t('operator.canned-replies.delete')}
                  </button>
                </span>
              ) : null}
            </li>
          ),
        )}
      </ul>
      {!canAdd ? null : editing === 'new' ? (
        <CannedEditor onSave={(s, x) => onCreate(s, x).then(() => setEditing(null))} onCancel={() => setEditing(null)} />
      ) : (
        <button type="button" onClick={() => setEditing('new')}>
          {t('operator.canned-replies.add')}
        </button>
      )}
    </section>
  );
}
