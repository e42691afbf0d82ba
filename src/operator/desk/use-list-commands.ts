import { useEffect, useRef, type RefObject } from 'react';
import { byWaitingTime } from '../../protocol/conversation-status.js';
import type { ConversationSummary } from '../../protocol/operator-console.js';
import { useCommand } from './commands.js';
import type { DeskStore } from './desk-atoms.js';
import { NEXT_CONVERSATION, PREVIOUS_CONVERSATION } from './desk-commands.js';

/**
 * The next and previous conversation commands, in the order the list shows. Where the focus was in the
 * list (or nowhere), it follows to the conversation opened, so a screen reader says which one it is;
 * from the composer it stays there, to go on writing in the next conversation.
 */
export function useListCommands(store: DeskStore, mainRef: RefObject<HTMLElement | null>, conversations: ConversationSummary[], selectedId: number | null, openId: number | undefined, select: (id: number) => void): void {
  const focusRow = useRef(false);
  // The composer is drawn again for the conversation once it has loaded: the focus goes back into it then.
  const focusComposer = useRef(false);
  const move = (step: 1 | -1) => {
    const ordered = byWaitingTime(conversations, Date.now());
    const at = ordered.findIndex((c) => c.id === selectedId);
    const target = at === -1 ? ordered[step === 1 ? 0 : ordered.length - 1] : ordered[at + step];
    if (!target) return false;
    const active = document.activeElement;
    focusRow.current = !active || active === document.body || Boolean(active.closest('.op-list'));
    focusComposer.current = Boolean(active?.closest('.op-composer'));
    select(target.id);
    return true;
  };
  useCommand(store, NEXT_CONVERSATION, () => move(1));
  useCommand(store, PREVIOUS_CONVERSATION, () => move(-1));
  useEffect(() => {
    if (!focusRow.current) return;
    focusRow.current = false;
    mainRef.current?.querySelector<HTMLElement>('.op-list-item[aria-current="true"]')?.focus();
  }, [selectedId, mainRef]);
  useEffect(() => {
    if (!focusComposer.current || openId !== selectedId) return;
    focusComposer.current = false;
    mainRef.current?.querySelector<HTMLElement>('.op-composer textarea')?.focus();
  }, [openId, selectedId, mainRef]);
}
