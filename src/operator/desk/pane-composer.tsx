import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ConversationDetail } from '../../protocol/operator-console.js';
import { reasonText } from '../../platform/errors.js';
import { typedTextDir } from '../../platform/i18n/direction.js';
import { useT } from '../core/texts.js';
import { ErrorLine } from '../core/outcome-lines.js';
import type { ComposerMode, PaneExtensions } from './pane-slots.js';
import type { DeskStore } from './desk-atoms.js';
import { useComposerField } from './use-composer-field.js';
import { ComposerModeSwitch, useComposerMode } from './composer-mode.js';
import { useCommand } from './commands.js';
import { FOCUS_COMPOSER, TOGGLE_COMPOSER_MODE } from './desk-commands.js';

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

/** The composer's commands: the focus to the text field, and a feature's mode in and out. */
function useComposerCommands(store: DeskStore | undefined, closed: boolean, input: RefObject<HTMLTextAreaElement | null>, modes: readonly ComposerMode[], mode: ComposerMode | null, chooseMode: (id: string | null) => void): void {
  useCommand(store, FOCUS_COMPOSER, () => void input.current?.focus(), !closed);
  useCommand(
    store,
    TOGGLE_COMPOSER_MODE,
    (id) => {
      if (!modes.some((m) => m.id === id)) return false;
      chooseMode(mode?.id === id ? null : (id ?? null));
      input.current?.focus();
    },
    !closed,
  );
}

/** A closed conversation takes no more messages. */
function ClosedLine(): React.JSX.Element {
  const t = useT();
  return (
    <p className="op-closed" role="status">
      {t('operator.conversation.closed')}
    </p>
  );
}

/** Why the composer offers no reply here, with the features' way out (taking the conversation). */
function ReplyLocked({ conversation, extensions }: { conversation: ConversationDetail; extensions: PaneExtensions | undefined }): React.JSX.Element {
  const t = useT();
  return (
    <div className="op-reply-locked">
      <p>{t('operator.conversation.replyLocked')}</p>
      {extensions?.slots.replyLocked.map((Control, i) => (
        <Control key={i} {...extensions.context} conversation={conversation} />
      ))}
    </div>
  );
}

/** The operator's composer (Enter sends, Shift+Enter a new line) with the features' actions, and what failed. */
export function PaneComposer({ conversation, closed, onSend, onComposerInput, extensions }: PaneComposerProps): React.JSX.Element {
  const t = useT();
  const sessionId = conversation.id;
  const [draft, setDraftState] = useState('');
  const [error, setError] = useState<string | null>(null);
  const modes = extensions?.slots.composerModes ?? [];
  // A supervisor looking on writes notes only; the server refuses their replies anyway.
  const replyLocked = conversation.may_reply === false;
  const { mode, choose, claim, setClaim } = useComposerMode(modes, sessionId, replyLocked);
  const setDraft = (text: string) => {
    setDraftState(text);
    // Writing for colleagues is no typing the visitor should hear of.
    if (!mode) onComposerInput(text.trim() !== '');
  };
  const field = useComposerField(draft, setDraft);
  const chooseMode = (id: string | null) => {
    if (id !== null) onComposerInput(false);
    choose(id);
  };
  useComposerCommands(extensions?.context.store, closed, field.input, modes, mode, chooseMode);

  useEffect(() => {
    setDraftState('');
    setError(null);
  }, [sessionId]);

  const send = () => {
    const text = draft.trim();
    if (text === '') return;
    setDraftState('');
    setError(null);
    const sending = mode && extensions ? mode.send(extensions.context, sessionId, text) : onSend(text);
    sending.catch((err: unknown) => {
      // Nothing typed is lost: the text comes back into the composer.
      setDraftState((current) => (current === '' ? text : current));
      setError(t('operator.conversation.sendFailed', { reason: reasonText(err) }));
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (claim?.onKeyDown(event) || (!mode && field.offerKey(event))) {
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
        <ClosedLine />
      ) : (
        <div className={mode ? `op-composer ${mode.className}` : 'op-composer'}>
          {replyLocked ? <ReplyLocked conversation={conversation} extensions={extensions} /> : null}
          {replyLocked && !mode ? null : (
            <>
              <ComposerModeSwitch modes={modes} mode={mode} onChoose={chooseMode} replyLocked={replyLocked} />
              <textarea
                ref={field.input}
                {...(mode ? claim?.inputProps : field.suggestionProps)}
                aria-label={t(mode ? mode.fieldLabel : 'operator.conversation.composer', { name: conversation.visitor_name })}
                placeholder={t(mode ? mode.placeholder : 'operator.conversation.placeholder')}
                rows={2}
                dir={typedTextDir(draft)}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={onKeyDown}
              />
              {mode?.Assist && extensions ? <mode.Assist {...extensions.context} sessionId={sessionId} draft={draft} setDraft={setDraft} claimKeys={setClaim} /> : null}
              {/* The actions reach the visitor (files, replies): not while writing in another mode. */}
              {mode
                ? null
                : extensions?.slots.composerActions.map((Action, i) => (
                    <Action key={i} {...extensions.context} sessionId={sessionId} conversation={conversation} setError={setError} field={field.fieldFor(i)} />
                  ))}
            </>
          )}
        </div>
      )}
      <ErrorLine text={error} />
    </>
  );
}
