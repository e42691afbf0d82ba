import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useUiText } from '../shared/ui-text-context.js';
import type { MessageKey } from '../shared/ui-text.js';
import { OFFLINE_FIELD_LIMITS } from '../../protocol/offline-message.js';
import { typedTextDir } from '../../platform/i18n/direction.js';

/** Where a message stands: being written (or corrected), on its way, received, or refused. */
export type OfflineSending = 'editing' | 'sending' | 'sent' | 'failed';

/** What the visitor typed. */
export interface OfflineMessageFields {
  name: string;
  email: string;
  message: string;
}

/** Props of {@link OfflineForm}. */
export interface OfflineFormProps {
  /** The dialog's title: the channel's offline text, or "Leave us a message". */
  title: string;
  /** When the channel opens again ("We are back on Monday at 9:00"), or `''`. */
  backAt?: string;
  sending: OfflineSending;
  /** The fields passed the checks (e-mail address trimmed, `mailto:` removed): send them. */
  onSend(fields: OfflineMessageFields): void;
  onClose(): void;
}

type FieldName = keyof OfflineMessageFields;
type Problems = Partial<Record<FieldName, MessageKey>>;
type FieldElement = HTMLInputElement | HTMLTextAreaElement;

const FIELDS: { name: FieldName; label: MessageKey; required: boolean; autoComplete?: string }[] = [
  { name: 'name', label: 'widget.offline.name', required: false, autoComplete: 'name' },
  { name: 'email', label: 'widget.offline.email', required: true, autoComplete: 'email' },
  { name: 'message', label: 'widget.offline.message', required: true },
];

function problemsOf(fields: OfflineMessageFields, isEmail: (v: string) => boolean): Problems {
  const problems: Problems = {};
  if (fields.email.trim() === '') problems.email = 'widget.offline.emailRequired';
  else if (!isEmail(fields.email)) problems.email = 'widget.transcript.invalid';
  if (fields.message.trim() === '') problems.message = 'widget.offline.messageRequired';
  return problems;
}

/** One labelled field; its error, when it has one, is announced and describes it. */
function Field(props: { name: FieldName; label: MessageKey; required: boolean; autoComplete?: string; value: string; problem?: MessageKey; onChange(value: string): void; fieldRef(el: FieldElement | null): void }): React.JSX.Element {
  const { t } = useUiText();
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    ref: props.fieldRef,
    className: 'lc-offline-field',
    required: props.required,
    maxLength: OFFLINE_FIELD_LIMITS[props.name],
    value: props.value,
    'aria-invalid': props.problem ? true : undefined,
    'aria-describedby': props.problem ? errorId : undefined,
    onChange: (e: { target: { value: string } }) => props.onChange(e.target.value),
  };
  return (
    <>
      <label htmlFor={id}>
        {t(props.label)}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {props.name === 'message' ? <textarea rows={4} dir={typedTextDir(props.value)} {...common} /> : <input type={props.name === 'email' ? 'email' : 'text'} autoComplete={props.autoComplete} {...common} />}
      {props.problem ? (
        <p className="lc-field-error" id={errorId} role="alert">
          {t(props.problem)}
        </p>
      ) : null}
    </>
  );
}

/** The form itself: checks the fields, then sends; a failure keeps everything for "Try again". */
function MessageForm({ sending, onSend }: Pick<OfflineFormProps, 'sending' | 'onSend'>): React.JSX.Element {
  const { t, isEmail } = useUiText();
  const [fields, setFields] = useState<OfflineMessageFields>({ name: '', email: '', message: '' });
  const [problems, setProblems] = useState<Problems>({});
  const elements = useRef<Partial<Record<FieldName, FieldElement | null>>>({});
  useEffect(() => elements.current.name?.focus(), []);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (sending === 'sending') return;
    const found = problemsOf(fields, isEmail);
    setProblems(found);
    const first = FIELDS.find((f) => found[f.name]);
    if (first) elements.current[first.name]?.focus();
    else onSend({ name: fields.name.trim(), email: fields.email.trim().replace(/^mailto:/i, ''), message: fields.message.trim() });
  };
  const busy = sending === 'sending';
  return (
    <form className="lc-offline-body" onSubmit={submit} noValidate aria-busy={busy}>
      {FIELDS.map((f) => (
        <Field
          key={f.name}
          {...f}
          value={fields[f.name]}
          problem={problems[f.name]}
          fieldRef={(el) => (elements.current[f.name] = el)}
          onChange={(value) => {
            setFields((all) => ({ ...all, [f.name]: value }));
            setProblems((all) => ({ ...all, [f.name]: undefined }));
          }}
        />
      ))}
      {sending === 'failed' ? (
        <p className="lc-offline-failed" role="alert">
          {t('widget.offline.failed')}
        </p>
      ) : null}
      <button type="submit" className="lc-primary" disabled={busy}>
        {t(busy ? 'widget.offline.sending' : sending === 'failed' ? 'widget.offline.tryAgain' : 'widget.offline.send')}
      </button>
    </form>
  );
}

/**
 * The message form a channel may show while nobody is online (issue 14): a non-modal dialog titled by the
 * channel's offline text, with "Name", "Email" (required, the e-mail check of SPEC.md §5) and "Message"
 * (required). Field errors are tied to their fields and announced; what was typed stays through a
 * failure, and the visitor tries again from the same form. Escape closes it.
 */
export function OfflineForm({ title, backAt = '', sending, onSend, onClose }: OfflineFormProps): React.JSX.Element {
  const { t, dir } = useUiText();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (sending === 'sent') closeRef.current?.focus();
  }, [sending]);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  return (
    <section className="lc-window lc-offline" role="dialog" aria-modal="false" aria-labelledby={titleId} dir={dir} part="window" onKeyDown={onKeyDown}>
      <header className="lc-header" part="header">
        <h2 className="lc-title" id={titleId}>
          {title}
        </h2>
        <button type="button" className="lc-icon-button" aria-label={t('widget.offline.close')} onClick={() => onClose()}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {backAt !== '' ? <p className="lc-offline-back">{backAt}</p> : null}
      {sending === 'sent' ? (
        <div className="lc-offline-body">
          <p className="lc-offline-sent" role="status">
            {t('widget.offline.sent')}
          </p>
          <button type="button" ref={closeRef} className="lc-primary" onClick={() => onClose()}>
            {t('widget.offline.close')}
          </button>
        </div>
      ) : (
        <MessageForm sending={sending} onSend={onSend} />
      )}
    </section>
  );
}
