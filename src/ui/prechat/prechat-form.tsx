import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { VISITOR_LIMITS } from '../../protocol/visitor.js';
import type { PrechatAnswers, PrechatProblem } from '../../state/prechat.js';
import { adoptStyles } from '../shared/stylesheets.js';
import { useUiText } from '../shared/ui-text-context.js';
import { prechatFormCss } from './prechat-form.css.js';

/** Props of {@link PrechatForm}. */
export interface PrechatFormProps {
  /** The channel asks for an e-mail address as well as a name. */
  askEmail: boolean;
  /** What is already known (the host page's attributes), to start from. */
  initial: Partial<PrechatAnswers>;
  /** The conversation is being asked for. */
  sending: boolean;
  /** "Start the chat"; resolves with the fields to correct. */
  onSubmit(answers: PrechatAnswers): Promise<PrechatProblem[]>;
}

/**
 * The channel's pre-chat form (issue 14): "Name", "Email" when asked, and "Start the chat". A field to
 * correct is marked invalid, described by its message and focused; what was typed stays.
 */
export function PrechatForm({ askEmail, initial, sending, onSubmit }: PrechatFormProps): React.JSX.Element {
  const { t, isEmail } = useUiText();
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initial.name ?? '');
  const [email, setEmail] = useState(initial.email ?? '');
  const [problems, setProblems] = useState<readonly PrechatProblem[]>([]);
  const id = useId();

  useLayoutEffect(() => {
    // A chunk of its own: its stylesheet comes with it, into whatever root it renders in.
    const root = formRef.current?.getRootNode();
    if (root instanceof ShadowRoot || root instanceof Document) adoptStyles(root, [prechatFormCss]);
    // Focus once, when the form appears: on the first field still to fill in.
    (initial.name && askEmail ? emailRef : nameRef).current?.focus();
  }, []);

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const local: PrechatProblem[] = [];
    if (name.trim() === '') local.push('name');
    if (askEmail && !isEmail(email)) local.push('email');
    const found = local.length > 0 ? local : await onSubmit({ name, email });
    setProblems(found);
    if (found[0] === 'name') nameRef.current?.focus();
    else if (found[0] === 'email') emailRef.current?.focus();
  };

  const field = (key: PrechatProblem) => ({
    'aria-invalid': problems.includes(key) ? true : undefined,
    'aria-describedby': problems.includes(key) ? `${id}-${key}` : undefined,
  });

  return (
    <form ref={formRef} className="lc-prechat" aria-labelledby={`${id}-intro`} noValidate onSubmit={(e) => void submit(e)}>
      <p id={`${id}-intro`}>{t('widget.prechat.intro')}</p>
      <label>
        {t('widget.prechat.name')}
        <input ref={nameRef} autoComplete="name" required maxLength={VISITOR_LIMITS.name} value={name} disabled={sending} onChange={(e) => setName(e.target.value)} {...field('name')} />
      </label>
      {problems.includes('name') ? (
        <p className="lc-field-error" id={`${id}-name`}>
          {t('widget.prechat.nameMissing')}
        </p>
      ) : null}
      {askEmail ? (
        <label>
          {t('widget.prechat.email')}
          <input ref={emailRef} type="email" autoComplete="email" required maxLength={VISITOR_LIMITS.email} value={email} disabled={sending} onChange={(e) => setEmail(e.target.value)} {...field('email')} />
        </label>
      ) : null}
      {problems.includes('email') ? (
        <p className="lc-field-error" id={`${id}-email`}>
          {t('widget.prechat.emailInvalid')}
        </p>
      ) : null}
      <button type="submit" className="lc-primary" disabled={sending}>
        {t('widget.prechat.submit')}
      </button>
    </form>
  );
}
