import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { LIMITS } from '../../protocol/livechat.js';

function atBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= LIMITS.scrollTolerancePx;
}

/** What {@link useFollowBottom} gives a scrolling list of messages to wire up. */
export interface FollowBottom<T extends HTMLElement> {
  /** The scrolling element; its children are watched for growing (images loading, previews, receipts). */
  logRef: RefObject<T | null>;
  onScroll(): void;
  /** Stops following the bottom until the reader is back there: something else moved the view (a found message). */
  unpin(): void;
}

/**
 * Watches the log's box and each element child of it, also those added later: the log's scroll height is
 * its children's, and a child grows without any render (a picture that loads late).
 */
function watchGrowth(log: HTMLElement, onGrow: () => void): () => void {
  const resizes = new ResizeObserver(onGrow);
  resizes.observe(log);
  for (const child of log.children) resizes.observe(child);
  const children = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => node instanceof Element && resizes.observe(node));
      record.removedNodes.forEach((node) => node instanceof Element && resizes.unobserve(node));
    }
  });
  children.observe(log, { childList: true });
  return () => {
    children.disconnect();
    resizes.disconnect();
  };
}

/**
 * Keeps a log of messages at its bottom while the reader is there, whatever grows (new messages, a picture
 * that loads late, a preview, a receipt, a taller composer), and leaves them where they are once they
 * scrolled up. Reports every change of "at the bottom" (SPEC.md §4: the unread counter counts only when
 * not). Used by the widget's thread and the console's message list alike.
 */
export function useFollowBottom<T extends HTMLElement = HTMLDivElement>(changes: unknown, onAtBottomChange?: (atBottom: boolean) => void): FollowBottom<T> {
  const logRef = useRef<T>(null);
  const stuck = useRef(true);
  const reported = useRef<boolean | undefined>(undefined);
  // The sizes of the log when it was last pinned or scrolled: a scroll event at other sizes is the browser
  // moving the view after a layout change (scroll anchoring, a clamp), not the reader scrolling up.
  const sizes = useRef({ scroll: -1, client: -1 });
  const callback = useRef(onAtBottomChange);
  callback.current = onAtBottomChange;

  const settle = useCallback((el: HTMLElement) => {
    sizes.current = { scroll: el.scrollHeight, client: el.clientHeight };
    const value = atBottom(el);
    stuck.current = value;
    if (reported.current === value) return;
    reported.current = value;
    callback.current?.(value);
  }, []);

  const follow = useCallback(() => {
    const el = logRef.current;
    // A folded window hides the log: it has no bottom to be at until it shows again.
    if (!el || el.getClientRects().length === 0) return;
    if (stuck.current) el.scrollTop = el.scrollHeight;
    settle(el);
  }, [settle]);

  useLayoutEffect(follow, [changes, follow]);

  useEffect(() => {
    const log = logRef.current;
    return log ? watchGrowth(log, follow) : undefined;
  }, [follow]);

  const onScroll = useCallback(() => {
    const el = logRef.current;
    if (!el) return;
    const resized = el.scrollHeight !== sizes.current.scroll || el.clientHeight !== sizes.current.client;
    if (stuck.current && resized) follow();
    else settle(el);
  }, [follow, settle]);

  const unpin = useCallback(() => {
    const el = logRef.current;
    stuck.current = false;
    if (el) sizes.current = { scroll: el.scrollHeight, client: el.clientHeight };
  }, []);

  return { logRef, onScroll, unpin };
}
