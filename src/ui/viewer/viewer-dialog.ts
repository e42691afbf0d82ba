/**
 * The viewer as a modal dialog: shown in the top layer, focus kept inside and given back on close, Escape
 * and the arrow keys handled for the whole dialog.
 */
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { adoptStyles } from '../shared/stylesheets.js';
import { attachmentViewerCss } from './attachment-viewer.css.js';

const FOCUSABLE = 'button:not([disabled]), [href], video[controls], iframe, object, [tabindex]:not([tabindex="-1"])';

function deepActiveElement(node: Node): HTMLElement | null {
  const root = node.getRootNode() as ShadowRoot | Document;
  const active = root.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * Shows `dialogRef` as a modal while mounted, with focus on `closeRef`, and gives focus back to what had it
 * on unmount; Escape (the dialog's `cancel`) calls the latest `onClose`. The viewer arrives in its own lazy
 * chunk, so it adopts its stylesheet into whatever root it is rendered in.
 */
export function useModalDialog(dialogRef: RefObject<HTMLDialogElement | null>, closeRef: RefObject<HTMLButtonElement | null>, onClose: () => void): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const root = dialog.getRootNode();
    if (root instanceof ShadowRoot || root instanceof Document) adoptStyles(root, [attachmentViewerCss]);
    const previous = deepActiveElement(dialog);
    // The top layer keeps the viewer above the host page whatever its stacking contexts, and makes
    // everything outside the dialog inert.
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [dialogRef, closeRef]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    // Escape raises `cancel`; the owner decides, so the dialog never closes behind React's back.
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => dialog.removeEventListener('cancel', cancel);
  }, [dialogRef]);
}

/**
 * Keeps focus in the dialog when `shown` changes: the focused control may have left with the previous
 * attachment (a PDF has no zoom buttons), focus would fall to the page behind the modal and the arrow keys
 * would stop stepping.
 */
export function useFocusKeptInside(dialogRef: RefObject<HTMLDialogElement | null>, shown: number): void {
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog?.open) return;
    const active = deepActiveElement(dialog);
    if (!active || !dialog.contains(active)) dialog.focus();
  }, [dialogRef, shown]);
}

/** Tab and Shift+Tab wrap around the dialog's controls. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  const dialog = event.currentTarget;
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  const active = deepActiveElement(dialog);
  if (!first || !last) return;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/** The dialog's keys: Escape closes, the arrow keys step through the attachments, Tab stays inside. */
export function viewerKeyDown(onClose: () => void, go: (step: number) => void): (event: KeyboardEvent<HTMLDialogElement>) => void {
  return (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      // An owner rendering the viewer inside the chat window must not also fold the window.
      event.stopPropagation();
      onClose();
      return;
    }
    // A focused video uses the arrow keys to seek.
    const inMedia = event.target instanceof HTMLVideoElement;
    if (!inMedia && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      event.preventDefault();
      go(event.key === 'ArrowRight' ? 1 : -1);
      return;
    }
    if (event.key === 'Tab') trapTab(event);
  };
}
