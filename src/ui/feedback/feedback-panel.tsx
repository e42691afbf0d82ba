import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FIELD_LIMITS, RATING_EMOJI, type Rate } from '../../protocol/livechat.js';
import { typedTextDir } from '../../platform/i18n/direction.js';
import { useUiText } from '../shared/ui-text-context.js';
import type { MessageKey } from '../shared/ui-text.js';

/** Where the rating is: choosing a smiley, explaining a 3 or 1, sending it, or done. */
export type FeedbackStage = 'choosing' | 'explaining' | 'sending' | 'thanked';

/** Where the transcript request is; an invalid address is the panel's own concern. */
export type TranscriptState = 'idle' | 'sending' | 'sent' | 'failed';

/** Props of {@link FeedbackPanel}. */
export interface FeedbackPanelProps {
  stage: FeedbackStage;
  /** The chosen rating, once there is one. */
  rate?: Rate;
  transcript: TranscriptState;
  /** A smiley was chosen: 5 is sent at once by the caller; 3 and 1 move to `explaining`. */
  onRate(rate: Rate): void;
  /** Send of the reason box (only in `explaining`). */
  onSendReason(reason: string): void;
  /** "No feedback": the caller closes the chat. */
  onNoFeedback(): void;
  /** A valid address (the `mailto:` prefix removed). */
  onSendTranscript(email: string): void;
  /** "Try again" in the error block: the caller goes back to `idle`. */
  onTranscriptRetry(): void;
}

const SMILEYS: readonly { rate: Rate; key: MessageKey }[] = [
  { rate: 5, key: 'widget.feedback.happy' },
  { rate: 3, key: 'widget.feedback.neutral' },
  { rate: 1, key: 'widget.feedback.sad' },
];

/** The feedback panel of SPEC.md §2.3 that replaces the thread on close. */
export function FeedbackPanel(props: FeedbackPanelProps): React.JSX.Element {
  const { stage, rate, onRate, onSendReason, onNoFeedback } = props;
  const { t } = useUiText();
  const questionId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const rating = stage === 'choosing' || stage === 'explaining';

  const submitReason = (event: FormEvent): void => {
    event.preventDefault();
    if (stage === 'explaining') onSendReason(reason.trim());
  };

  return (
    <div className="lc-feedback" part="feedback">
      <p className="lc-feedback-question" id={questionId}>
        {t('widget.feedback.question')}
      </p>
      {stage === 'thanked' ? (
        <p className="lc-feedback-thanks" role="status">
          {t('widget.feedback.thanks')}
        </p>
      ) : (
        <div className="lc-smileys" role="group" aria-labelledby={questionId}>
          {SMILEYS.map((smiley) => (
            <button
              key={smiley.rate}
              type="button"
              className="lc-smiley"
              aria-label={t(smiley.key)}
              aria-pressed={rate === smiley.rate}
              disabled={!rating}
              onClick={() => onRate(smiley.rate)}
            >
              <span aria-hidden="true">{RATING_EMOJI[smiley.rate]}</span>
            </button>
          ))}
        </div>
      )}
      {(stage === 'explaining' || stage === 'sending') && rate !== 5 ? (
        <form className="lc-reason" onSubmit={submitReason} noValidate>
          <label htmlFor={reasonId}>{t('widget.feedback.reasonLabel')}</label>
          <textarea id={reasonId} dir={typedTextDir(reason)} maxLength={FIELD_LIMITS.ratingReason} value={reason} disabled={stage === 'sending'} onChange={(e) => setReason(e.target.value)} rows={3} />
          <button type="submit" className="lc-primary" disabled={stage === 'sending'}>
            {t('widget.feedback.send')}
          </button>
        </form>
      ) : null}
      {stage === 'thanked' ? null : (
        <button type="button" className="lc-link-button lc-no-feedback" onClick={() => onNoFeedback()}>
          {t('widget.feedback.noFeedback')}
        </button>
      )}
      <Transcript {...props} />
    </div>
  );
}

function Transcript({ transcript, onSendTranscript, onTranscriptRetry }: FeedbackPanelProps): React.JSX.Element {
  const { t, isEmail } = useUiText();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const invalidId = useId();
  const previous = useRef(transcript);

  useEffect(() => {
    // Back from the error block: the visitor continues where they were, in the field.
    if (previous.current === 'failed' && transcript === 'idle') inputRef.current?.focus();
    previous.current = transcript;
  }, [transcript]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (transcript === 'sending' || transcript === 'sent') return;
    if (!isEmail(email)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSendTranscript(email.trim().replace(/^mailto:/i, ''));
  };

  if (transcript === 'failed') {
    return (
      <div className="lc-transcript-error" role="alert">
        <p>
          <strong>{t('widget.error.title')}</strong>
        </p>
        <p>{t('widget.error.connection')}</p>
        <button type="button" className="lc-link-button" onClick={() => onTranscriptRetry()}>
          {t('widget.error.tryAgain')}
        </button>
      </div>
    );
  }
  const busy = transcript === 'sending' || transcript === 'sent';
  return (
    <form className="lc-transcript" onSubmit={submit} noValidate aria-labelledby={labelId}>
      <p id={labelId}>{t('widget.transcript.label')}</p>
      <div className="lc-transcript-row">
        <input
          ref={inputRef}
          type="email"
          className="lc-transcript-input"
          aria-label={t('widget.transcript.email')}
          placeholder={t('widget.transcript.placeholder')}
          autoComplete="email"
          value={email}
          disabled={busy}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? invalidId : undefined}
          title={invalid ? t('widget.transcript.invalid') : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid(false);
          }}
        />
        <button type="submit" className="lc-primary" disabled={busy}>
          {t('widget.transcript.send')}
        </button>
      </div>
      {invalid ? (
        <p className="lc-field-error" id={invalidId}>
          {t('widget.transcript.invalid')}
        </p>
      ) : null}
      {transcript === 'sent' ? (
        <p className="lc-transcript-sent" role="status">
          {t('widget.transcript.sent')}
        </p>
      ) : null}
    </form>
  );
}
