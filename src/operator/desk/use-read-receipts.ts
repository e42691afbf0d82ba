import { useEffect, useRef, useState } from 'react';
import type { ConversationDetail } from '../../protocol/operator-console.js';
import { markHandled } from '../../platform/errors.js';
import type { OperatorApi } from '../core/api.js';
import { isFromVisitor } from './desk-state.js';

/** Whether the console's page is in front of the operator. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const follow = (): void => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
  return visible;
}

/**
 * Read receipts (issue 15): while the open conversation is on screen, every new message of its visitor
 * marks it read up to its newest message, and the visitor's widget shows "Seen". A conversation opened
 * in a hidden tab waits until the tab is in front. A failed mark is tried again with the next message.
 * `onSeen` hears of each mark as it is sent, so the list's unread count clears without waiting for the
 * server, which keeps the marker for the next reload.
 */
export function useReadReceipts(api: Pick<OperatorApi, 'markSeen'>, open: ConversationDetail | null, onSeen?: (sessionId: number) => void): void {
  const visible = usePageVisible();
  const marked = useRef(new Map<number, number>());
  useEffect(() => {
    if (!open || !visible) return;
    const ids = open.messages.map((m) => m.id).filter((id): id is number => typeof id === 'number');
    const newestFromVisitor = Math.max(0, ...open.messages.filter(isFromVisitor).map((m) => (typeof m.id === 'number' ? m.id : 0)));
    const sessionId = open.id;
    if (newestFromVisitor <= (marked.current.get(sessionId) ?? 0)) return;
    const upTo = Math.max(...ids);
    marked.current.set(sessionId, upTo);
    onSeen?.(sessionId);
    api.markSeen(sessionId, upTo).catch((err: unknown) => {
      markHandled(err);
      marked.current.delete(sessionId);
    });
  }, [api, open, visible, onSeen]);
}
