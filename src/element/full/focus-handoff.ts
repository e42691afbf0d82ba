import { useEffect, useRef } from 'react';

/** Keyboard users land in the composer when the window opens and back on the button when it closes. */
export function useFocusHandoff(isOpen: boolean, root: ShadowRoot): void {
  const wasOpen = useRef(isOpen);
  useEffect(() => {
    if (isOpen && !wasOpen.current) (root.querySelector('.lc-composer-input') as HTMLElement | null)?.focus();
    if (!isOpen && wasOpen.current) (root.querySelector('.lc-button') as HTMLElement | null)?.focus();
    wasOpen.current = isOpen;
  }, [isOpen, root]);
}
