import { useEffect, useState, type KeyboardEvent } from 'react';
import type { ConversationDetail } from '../../protocol/operator-console.js';
import { reasonText } from '../../platform/errors.js';
import { typedTextDir } from '../../platform/i18n/direction.js';
import { useT } from '../core/texts.js';
import { ErrorLine } from '../core/outcome-lines.js';
import type { PaneExtensions } from './pane-slots.js';
import { useComposerField } from './use-composer-field.js';

/** Props of {@link PaneComposer}. */
export interface PaneComposerProps {
  /** The conversation written to: another one starts with an empty composer. */
  conversation: ConversationDetail;
  /** A closed conversation takes no more messages: the composer gives way to a note. */
  closed: boolean;
  /** Sends a message; rejects with a readable reason. */
  onSend(text: string): Promise<void>;
  /** The composer's content changed. */
  onComposerInput(hasText: boolean): void;
  /** Features' actions beside the text field, and what they are given. */
  extensions?: PaneExtensions;
}

/** The operator's composer (Enter sends, Shift+Enter a new line) with the features' actions, and what failed. */
export function PaneComposer({ conversation, closed, onSend, onComposerInput, extensions }: PaneComposerProps): React.JSX.Element {
  const t = useT();
  const sessionId = conversation.id;
  const [draft, setDraftState] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setDraft = (text: string) => {
    setDraftState(text);
    onComposerInput(text.trim() !== '');
  };
  const field = useComposerField(draft, setDraft);

  useEffect(() => {
    setDraftState('');
    setError(null);
  }, [sessionId]);

  const send = () => {
    const text = draft.trim();
    if (text === '') return;
    setDraftState('');
    setError(null);
    onSend(text).catch((err: unknown) => {
      // Nothing typed is lost: the text comes back into the composer.
      setDraftState((current) => (current === '' ? text : current));
      setError(t('operator.conversation.sendFailed', { reason: reasonText(err) }));
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (field.offerKey(event)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  return (
    <>
      {closed ? (
        <p className="op-closed" role="status">
          {t('operator.conversation.closed')}
        </p>
      ) : (
        <div className="op-composer">
          <textarea
            ref={field.input}
            aria-label={t('operator.conversation.composer', { name: conversation.visitor_name })}
            placeholder={t('operator.conversation.placeholder')}
            rows={2}
            dir={typedTextDir(draft)}
            value={draft}
            onChange={(e) => {
              setDraftState(e.target.value);
              onComposerInput(e.target.value.trim() !== '');
            }}
            onKeyDown={onKeyDown}
            {...field.suggestionProps}
          />
          {extensions?.slots.composerActions.map((Action, i) => (
            <Action key={i} {...extensions.context} sessionId={sessionId} conversation={conversation} setError={setError} field={field.fieldFor(i)} />
          ))}
        </div>
      )}
      <ErrorLine text={error} />
    </>
  );
}
