/**
 * Typing in the widget (SPEC.md §4 "Typing"): the visitor's own announcements and the operator's marker,
 * both kept by the platform's typing model; here as jotai atoms: base, derived, actions.
 */
import { atom } from 'jotai/vanilla';
import { createOthersTyping, createOwnTyping, type OthersTyping, type OwnTyping } from '../platform/typing/index.js';
import { depsOf } from './context.js';
import { composerEnabledAtom, optionsAtom, sessionAtom } from './session.js';
import { messagesAtom } from './thread.js';
import { NOTIFY_TYPING_ROUTE } from '../protocol/routes.js';

// Sending ends typing at once, outside the throttle: the operator must not see a stale marker.
const VISITOR_TYPING = { stopOnSend: 'at-once', stopOnDispose: 'silent' } as const;

// Base atoms.

/** Partner ids of others typing, oldest first. */
export const typingPartnersAtom = atom<readonly number[]>([]);
const ownTypingAtom = atom<OwnTyping | undefined>(undefined);
const othersTypingAtom = atom<OthersTyping | undefined>(undefined);

// Derived atoms.

/** Names of others typing: the operator's name for the operator, else the last name seen for that id. */
export const typingNamesAtom = atom((get) => {
  const names = new Map<number, string>();
  for (const m of get(messagesAtom)) if (m.author_id && m.author_id[0]) names.set(m.author_id[0], m.author_id[1]);
  const operator = get(sessionAtom)?.operator_pid;
  if (operator) names.set(operator[0], operator[1]);
  return get(typingPartnersAtom).map((id) => names.get(id) ?? get(optionsAtom).defaultUsername);
});

// Actions.

/** The conversation `uuid` is live: the visitor's typing is announced on it. */
export const startTypingAtom = atom(null, (get, set, uuid: string) => {
  get(ownTypingAtom)?.dispose();
  const { clock, rpc } = depsOf(get);
  const notify = (isTyping: boolean): void => {
    rpc(NOTIFY_TYPING_ROUTE, { uuid, is_typing: isTyping }).catch(() => undefined);
  };
  set(ownTypingAtom, createOwnTyping(clock, notify, VISITOR_TYPING));
});

/** The conversation stopped (closed, or the element left the page): every marker and timer goes. */
export const stopTypingAtom = atom(null, (get, set) => {
  get(ownTypingAtom)?.dispose();
  set(ownTypingAtom, undefined);
  get(othersTypingAtom)?.dispose();
  set(typingPartnersAtom, []);
});

export const composerInputAtom = atom(null, (get, _set, text: string) => {
  if (get(composerEnabledAtom)) get(ownTypingAtom)?.input(text.trim() !== '');
});

export const ownMessageSentAtom = atom(null, (get) => {
  get(ownTypingAtom)?.sent();
});

// Created on first use, with the store's clock.
const othersTypingModelAtom = atom(null, (get, set): OthersTyping => {
  const existing = get(othersTypingAtom);
  if (existing) return existing;
  const created = createOthersTyping(depsOf(get).clock, (ids) => set(typingPartnersAtom, ids));
  set(othersTypingAtom, created);
  return created;
});

/** A typing notice of `partnerId` arrived. */
export const typingNoticeAtom = atom(null, (_get, set, partnerId: number, isTyping: boolean) => {
  set(othersTypingModelAtom).set(partnerId, isTyping);
});

/** A message of `partnerId` arrived: their marker goes. */
export const messageFromAtom = atom(null, (_get, set, partnerId: number) => {
  set(othersTypingModelAtom).clear(partnerId);
});
