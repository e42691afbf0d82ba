import { useCallback, useEffect, useId, useState } from 'react';
import { renderCannedText, type CannedReply, type CannedReplyValues } from '../../../protocol/canned-replies.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { useT } from '../../core/texts.js';
import { useCommand } from '../../desk/commands.js';
import type { ComposerActionProps, ComposerKeyHandler } from '../../desk/pane-slots.js';
import { cannedApi, filterReplies, slashQuery, type CannedApi } from './canned-api.js';
import { CannedPicker, optionId } from './canned-picker.js';

/** The replies and values the action loads once per composer. */
function useCannedData(api: CannedApi, sessionId: number, open: boolean, setError: (text: string | null) => void) {
  const t = useT();
  const [replies, setReplies] = useState<CannedReply[] | null>(null);
  const [values, setValues] = useState<{ sessionId: number; values: CannedReplyValues } | null>(null);
  const failed = useCallback(
    (err: unknown) => {
      markHandled(err);
      setError(t('operator.canned-replies.loadFailed', { reason: reasonText(err) }));
    },
    [setError, t],
  );
  useEffect(() => {
    if (open && replies === null) api.list().then((list) => setReplies(list.replies), failed);
  }, [api, open, replies, failed]);
  useEffect(() => {
    if (open && values?.sessionId !== sessionId) api.values(sessionId).then((v) => setValues({ sessionId, values: v }), failed);
  }, [api, open, sessionId, values, failed]);
  return { replies, values: values?.sessionId === sessionId ? values.values : null };
}

/** The command opening the list, as the button does. */
export const CANNED_COMMAND = 'canned-replies';

/** The draft with a reply's text in it: in place of the `/query`, or after what was typed. */
function inserted(draft: string, text: string, bySlash: boolean): string {
  if (bySlash || draft.trim() === '') return text;
  return /\s$/.test(draft) ? draft + text : `${draft} ${text}`;
}

/**
 * The composer's "Canned replies": a `/` at the start of the draft, or the button, opens the list of the
 * operator's replies and the conversation channel's shared ones, filtered by what follows the `/`. Up and
 * Down move, Enter inserts the active reply with its variables filled (and sends nothing), Escape closes
 * and keeps the draft.
 */
export function CannedReplyAction({ api, store, conversation, field, setError }: ComposerActionProps): React.JSX.Element {
  const t = useT();
  const listId = useId();
  const [canned] = useState(() => cannedApi(api));
  const { draft, setDraft, focus, setKeyHandler, setSuggestions } = field;
  // The draft Escape (or an insertion) closed the list for: it opens again once the draft changes.
  const [dismissed, setDismissed] = useState<string | null>(null);
  // The draft the button opened the list over; typing closes it.
  const [buttonFor, setButtonFor] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const query = slashQuery(draft);
  const bySlash = query !== undefined && dismissed !== draft;
  const open = bySlash || (buttonFor !== null && buttonFor === draft);
  const { replies, values } = useCannedData(canned, conversation.id, open, setError);
  const offered = replies === null ? null : filterReplies(replies.filter((r) => r.channel_id === null || r.channel_id === conversation.channel_id), bySlash ? query : '');
  const current = Math.min(active, Math.max(0, (offered?.length ?? 1) - 1));

  useEffect(() => setActive(0), [query, open]);

  const close = useCallback(() => {
    setButtonFor(null);
    setDismissed(draft);
  }, [draft]);
  const pick = useCallback(
    (reply: CannedReply) => {
      const next = inserted(draft, renderCannedText(reply.text, values ?? {}), bySlash);
      setButtonFor(null);
      setDismissed(next);
      setDraft(next);
    },
    [draft, values, bySlash, setDraft],
  );

  useEffect(() => {
    const handler: ComposerKeyHandler = (event) => {
      const n = offered?.length ?? 0;
      if (event.key === 'Escape') close();
      else if (event.key === 'ArrowDown' && n > 0) setActive((current + 1) % n);
      else if (event.key === 'ArrowUp' && n > 0) setActive((current - 1 + n) % n);
      else if (event.key === 'Enter' && !event.shiftKey && offered?.[current]) pick(offered[current]);
      // While the list loads, Enter waits rather than sending the `/shortcut` itself.
      else if (!(event.key === 'Enter' && !event.shiftKey && offered === null)) return false;
      return true;
    };
    setKeyHandler(open && (offered === null || offered.length > 0 || bySlash) ? handler : null);
    const reply = offered?.[current];
    setSuggestions(open && reply ? { listId, activeId: optionId(listId, reply) } : null);
  });
  useEffect(
    () => () => {
      setKeyHandler(null);
      setSuggestions(null);
    },
    [setKeyHandler, setSuggestions],
  );

  const openList = () => {
    if (draft.trim() === '') setDraft('/');
    else {
      setButtonFor(draft);
      focus();
    }
  };
  const onButton = () => (open ? close() : openList());
  useCommand(store, CANNED_COMMAND, () => (open ? focus() : openList()));

  return (
    <div className="op-canned">
      {open ? <CannedPicker listId={listId} replies={offered} active={current} values={values} onPick={pick} /> : null}
      <button type="button" className="op-attach" aria-haspopup="listbox" aria-expanded={open} onClick={onButton}>
        {t('operator.canned-replies.button')}
      </button>
    </div>
  );
}
