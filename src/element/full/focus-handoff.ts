import { useEffect, useRef } from 'react';
import type { ChatPhase } from '../../state/session.js';

/**
 * Keyboard users land in the composer when the window opens (the pre-chat form focuses its own first
 * field) and once the form started the chat, and back on the button when the window closes or is
 * minimised (`isOpen` is false then: the window is out of sight).
 */
export function useFocusHandoff(isOpen: boolean, root: ShadowRoot, phase: ChatPhase): void {
  const wasOpen = useRef(isOpen);
  const wasPhase = useRef(phase);
  useEffect(() => {
    const fromForm = wasPhase.current === 'prechat' && phase === 'chat';
    if (isOpen && (!wasOpen.current || fromForm)) (root.querySelector('.lc-composer-input') as HTMLElement | null)?.focus();
    if (!isOpen && wasOpen.current) (root.querySelector('.lc-button') as HTMLElement | null)?.focus();
    wasOpen.current = isOpen;
    wasPhase.current = phase;
  }, [isOpen, root, phase]);
}
