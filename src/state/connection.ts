/**
 * The bus subscription of the open session (PROTOCOL.md §4, §5) and the health of the link, as jotai
 * atoms. What the payloads do is in bus.ts.
 */
import { atom } from 'jotai/vanilla';
import type { LivechatSession } from '../protocol/livechat.js';
import { depsOf } from './context.js';
import type { BusSubscription, ConnectionStatus } from './ports.js';
import { startTypingAtom, stopTypingAtom } from './typing-state.js';

// Base atoms.

/** Link to the server. */
export const connectionAtom = atom<ConnectionStatus>('connecting');
/** The open subscription, while the element is on the page and a conversation is live. */
export const subscriptionAtom = atom<BusSubscription | undefined>(undefined);

// Actions.

/** Listens to `session`'s channel, handing each payload as it came to `onPayload`. */
export const subscribeAtom = atom(null, (get, set, session: LivechatSession, onPayload: (raw: unknown) => void) => {
  get(subscriptionAtom)?.close();
  set(connectionAtom, 'connecting');
  set(subscriptionAtom, depsOf(get).bus.subscribe(session.uuid, onPayload, (status) => set(connectionAtom, status)));
  set(startTypingAtom, session.uuid);
});

/** Stops listening and typing. */
export const disconnectAtom = atom(null, (get, set) => {
  get(subscriptionAtom)?.close();
  set(subscriptionAtom, undefined);
  set(stopTypingAtom);
});
