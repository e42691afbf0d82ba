import { useId, useState, type FormEvent } from 'react';
import { CANNED_SHORTCUT_MAX, CANNED_TEXT_MAX, CANNED_VARIABLES, unknownVariables, type CannedReply } from '../../../protocol/canned-replies.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { useT } from '../../core/texts.js';
import { ErrorLine } from '../../core/outcome-lines.js';

/** Props of {@link CannedEditor}. */
export interface CannedEditorProps {
  /** The reply changed, or none for a new one. */
  reply?: CannedReply;
  /** Saves; rejects with the server's reason, shown under the form. */
  onSave(shortcut: string, text: string): Promise<void>;
  onCancel(): void;
}

const SHORTCUT_PATTERN = '[\\p{L}\\p{N}\\-]+';

/**
 * A canned reply's form: its shortcut (letters, digits, -) and its text with variables. An unknown
 * variable is named before the server is asked (which checks again by the same rule).
 */
export function CannedEditor({ reply, onSave, onCancel }: CannedEditorProps): React.JSX.Element {
  const t = useT();
  const id = useId();
  const [shortcut, setShortcut] = useState(reply?.shortcut ?? '');
  const [text, setText] = useState(reply?.text ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unknown = unknownVariables(text)[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unknown !== undefined) return;
    setSaving(true);
    onSave(shortcut.trim(), text).then(
      () => setSaving(false),
      (err: unknown) => {
        markHandled(err);
        setSaving(false);
        setError(t('operator.canned-replies.saveFailed', { reason: reasonText(err) }));
      },
    );
  };

  return (
    <form className="op-canned-editor" onSubmit={submit} aria-label={reply ? t('operator.canned-replies.editTitle', { shortcut: reply.shortcut }) : t('operator.canned-replies.newTitle')}>
      <label htmlFor={`${id}-shortcut`}>{t('operator.canned-replies.shortcut')}</label>
      <input
        id={`${id}-shortcut`}
        required
        maxLength={CANNED_SHORTCUT_MAX}
        pattern={SHORTCUT_PATTERN}
        aria-describedby={`${id}-shortcut-hint`}
        value={shortcut}
        onChange={(e) => setShortcut(e.target.value)}
      />
      <p id={`${id}-shortcut-hint`} className="op-hint">
        {t('operator.canned-replies.shortcutHint', { max: CANNED_SHORTCUT_MAX })}
      </p>
      <label htmlFor={`${id}-text`}>{t('operator.canned-replies.text')}</label>
      <textarea id={`${id}-text`} required rows={3} maxLength={CANNED_TEXT_MAX} dir="auto" aria-describedby={`${id}-text-hint`} value={text} onChange={(e) => setText(e.target.value)} />
      <p id={`${id}-text-hint`} className="op-hint">
        {t('operator.canned-replies.variablesHint', { variables: CANNED_VARIABLES.map((v) => `{{${v}}}`).join(', '), example: '{{visitor.name | there}}' })}
      </p>
      {unknown !== undefined ? <ErrorLine text={t('operator.canned-replies.unknownVariable', { name: `{{${unknown}}}` })} /> : <ErrorLine text={error} />}
      <div className="op-canned-buttons">
        <button type="submit" disabled={saving}>
          {t('operator.canned-replies.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('operator.canned-replies.cancel')}
        </button>
      </div>
    </form>
  );
}
