import { createStore } from 'jotai/vanilla';
import { useEffect, useState, type RefObject } from 'react';
import type { ConversationItem } from '../../protocol/operator-console.js';
import { useStoreValue } from '../../ui/shared/use-store-value.js';
import { foundItemAtom, type DeskStore } from './desk-atoms.js';

/** A list drawn outside a desk (a preview, a test) has nothing to find. */
const NO_DESK: DeskStore = createStore();

/** How long the list waits for the item to appear: notes arrive after the messages. */
const WAIT_MS = 3000;

/** The attribute that names a timeline entry, so a link can reach it: `message-12`, `note-3`. */
export function timelineItemKey(item: ConversationItem): string {
  return `${item.kind}-${item.id}`;
}

/** Whether the item asked for is shown: nothing asked, shown (scrolled to and focused), or not among those shown. */
export type FoundItemState = 'none' | 'shown' | 'missing';

/**
 * Scrolls the conversation's list to the message or note a link asked for, marks and focuses it, and stops
 * the list following its bottom; waits a little for an entry that arrives late, then tells it is missing
 * (older than the messages shown, or deleted since).
 */
export function useFoundItem(logRef: RefObject<HTMLElement | null>, sessionId: number, store: DeskStore | undefined, unpin: () => void): FoundItemState {
  const found = useStoreValue(store ?? NO_DESK, foundItemAtom);
  const [state, setState] = useState<FoundItemState>('none');
  useEffect(() => {
    const log = logRef.current;
    if (!store || !log || !found || found.sessionId !== sessionId) return;
    const key = timelineItemKey(found.item);
    const show = (): boolean => {
      const entry = log.querySelector<HTMLElement>(`[data-item="${key}"]`);
      if (!entry) return false;
      for (const old of log.querySelectorAll('[data-found]')) old.removeAttribute('data-found');
      entry.setAttribute('data-found', '');
      entry.tabIndex = -1;
      entry.scrollIntoView({ block: 'center' });
      entry.focus({ preventScroll: true });
      unpin();
      store.set(foundItemAtom, null);
      setState('shown');
      return true;
    };
    if (show()) return;
    const watch = new MutationObserver(() => show() && stop());
    const timer = setTimeout(() => {
      stop();
      store.set(foundItemAtom, null);
      setState('missing');
    }, WAIT_MS);
    const stop = (): void => {
      watch.disconnect();
      clearTimeout(timer);
    };
    watch.observe(log, { childList: true, subtree: true });
    return stop;
  }, [logRef, store, found, sessionId, unpin]);
  return state;
}
