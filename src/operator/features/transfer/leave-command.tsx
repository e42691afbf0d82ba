import { useEffect } from 'react';
import { useT } from '../../core/texts.js';
import type { ComposerActionProps, ComposerKeyHandler } from '../../desk/pane-slots.js';
import { canTransfer, leaveConversation } from './transfer-section.js';

/** What the operator types in the composer to leave the conversation. */
export const LEAVE_SLASH_COMMAND = '/leave';

/**
 * `/leave` then Enter in the composer leaves the conversation, as the Leave button does; the draft is not
 * sent to the visitor. It draws nothing.
 */
export function LeaveCommand({ api, store, conversation, field, setError }: ComposerActionProps): null {
  const t = useT();
  const { draft, setDraft, setKeyHandler } = field;
  const typed = canTransfer(conversation) && draft.trim().toLowerCase() === LEAVE_SLASH_COMMAND;
  useEffect(() => {
    const handler: ComposerKeyHandler = (event) => {
      if (event.key !== 'Enter' || event.shiftKey) return false;
      setDraft('');
      void leaveConversation(api, store, conversation.id, t).then(setError);
      return true;
    };
    setKeyHandler(typed ? handler : null);
  }, [typed, api, store, conversation.id, t, setDraft, setKeyHandler, setError]);
  useEffect(() => () => setKeyHandler(null), [setKeyHandler]);
  return null;
}
