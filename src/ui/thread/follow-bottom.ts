import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { LIMITS } from '../../protocol/livechat.js';

function atBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= LIMITS.scrollTolerancePx;
}

/** What {@link useFollowBottom} gives the thread to wire up. */
export interface FollowBottom {
  /** The scrolling log. */
  logRef: RefObject<HTMLDivElement | null>;
  /** The log's content, watched for growing (images loading, previews, receipts). */
  contentRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
}

/**
 * Keeps the log at its bottom while the visitor is there, whatever grows (new messages, a picture that
 * loads late, a preview, a receipt, a taller composer), and leaves them where they are once they scrolled
 * up. Reports every change of "at the bottom" (SPEC.md §4: the unread counter counts only when not).
 */
export function useFollowBottom(changes: unknown, onAtBottomChange: ((atBottom: boolean) => void) | undefined): FollowBottom {
  const logRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const reported = useRef<boolean | undefined>(undefined);
  // The sizes of the log when it was last pinned or scrolled: a scroll event at other sizes is the browser
  // moving the view after a layout change (scroll anchoring, a clamp), not the visitor scrolling up.
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
    const content = contentRef.current;
    if (!log || !content) return undefined;
    const observer = new ResizeObserver(follow);
    observer.observe(log);
    observer.observe(content);
    return () => observer.disconnect();
  }, [follow]);

  const onScroll = useCallback(() => {
    const el = logRef.current;
    if (!el) return;
    const resized = el.scrollHeight !== sizes.current.scroll || el.clientHeight !== sizes.current.client;
    if (stuck.current && resized) follow();
    else settle(el);
  }, [follow, settle]);

  return { logRef, contentRef, onScroll };
}
