import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { DeskScreen } from './desk-state.js';

/** Whether an element takes no room: the stylesheet hid it (on a phone, the screen not in front). */
const isHidden = (el: Element | null | undefined): boolean => !el || el.getClientRects().length === 0;

/** Moves focus without scrolling: the screen decides where the page is. */
function focusQuietly(el: HTMLElement | null | undefined): void {
  el?.focus({ preventScroll: true });
}

/**
 * The page's side of the desk's two screens, where only one fits (the stylesheet decides which is shown):
 * the list comes back where it was scrolled, a conversation opens at its top, and focus never falls onto
 * the page's body when the control that had it goes out of sight. Returns what to call just before a
 * conversation is opened from the list. Where both screens fit, it does nothing.
 */
export function useDeskScreens(mainRef: RefObject<HTMLElement | null>, screen: DeskScreen): () => void {
  const listScroll = useRef<number | null>(null);
  const first = useRef(true);
  useLayoutEffect(() => {
    const main = mainRef.current;
    if (first.current || !main) {
      first.current = false;
      return;
    }
    const list = main.querySelector<HTMLElement>('.op-list');
    const back = main.querySelector<HTMLElement>('.op-back');
    const lost = (hidden: Element | null) => document.activeElement === document.body || (hidden !== null && hidden.contains(document.activeElement));
    if (screen === 'conversation' && isHidden(list)) {
      window.scrollTo(0, 0);
      if (lost(list)) focusQuietly(back);
    } else if (screen === 'list' && isHidden(main.querySelector('.op-pane, .op-pane-empty'))) {
      if (listScroll.current !== null) window.scrollTo(0, listScroll.current);
      if (lost(back)) focusQuietly(list?.querySelector<HTMLElement>('[aria-current="true"]') ?? list?.querySelector<HTMLElement>('button'));
    }
  }, [mainRef, screen]);
  return () => {
    listScroll.current = window.scrollY;
  };
}

/**
 * Keeps the focused text field of the desk in view when the visual viewport shrinks, as it does when a
 * phone's on-screen keyboard opens: the page's viewport declares `interactive-widget=resizes-content`, so
 * the layout follows the keyboard, and this brings the field (with its whole composer) back above it.
 */
export function useFieldAboveKeyboard(mainRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    let height = viewport.height;
    const onResize = () => {
      const shrank = viewport.height < height;
      height = viewport.height;
      const field = document.activeElement;
      if (!shrank || !(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) || !mainRef.current?.contains(field)) return;
      (field.closest('.op-composer') ?? field).scrollIntoView({ block: 'nearest' });
    };
    viewport.addEventListener('resize', onResize);
    return () => viewport.removeEventListener('resize', onResize);
  }, [mainRef]);
}
