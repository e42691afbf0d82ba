import { useEffect } from 'react';
import { conversationOfLinkHash } from '../../protocol/operator-console.js';

/**
 * Follows the console address of a conversation (`/operator/#/conversations/<id>`, what alert mails link
 * to): on arrival, after logging in, and whenever the address changes while the console is open.
 */
export function useConversationLink(open: (sessionId: number) => void): void {
  useEffect(() => {
    const follow = (): void => {
      const id = conversationOfLinkHash(window.location.hash);
      if (id !== undefined) open(id);
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [open]);
}
