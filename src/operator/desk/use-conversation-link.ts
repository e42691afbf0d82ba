import { useEffect } from 'react';
import { conversationLinkOfHash, type ConversationLink } from '../../protocol/operator-console.js';

/**
 * Follows the console address of a conversation (`/operator/#/conversations/<id>`, what alert mails link
 * to, with `/messages/<id>` or `/notes/<id>` what search results link to): on arrival, after logging in,
 * and whenever the address changes while the console is open.
 */
export function useConversationLink(open: (link: ConversationLink) => void): void {
  useEffect(() => {
    const follow = (): void => {
      const link = conversationLinkOfHash(window.location.hash);
      if (link !== undefined) open(link);
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [open]);
}
