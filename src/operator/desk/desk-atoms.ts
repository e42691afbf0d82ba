/**
 * The desk's state as jotai atoms: base atoms per concern, derived atoms for what the view and the bus
 * need, and action atoms that apply the desk's events through the pure {@link deskReducer}. One store per
 * desk; React-free.
 */
import { atom } from 'jotai/vanilla';
import type { ConversationDetail, ConversationItem, ConversationSummary } from '../../protocol/operator-console.js';
import type { ConversationListParams } from '../../protocol/schemas/console-params.js';
import { createOthersTyping, pageClock, type OthersTyping, type Clock } from '../../platform/typing/index.js';
import type { ViewCounts } from '../../protocol/conversation-status.js';
import { deskReducer, type DeskEvent, type DeskScreen, type DeskState } from './desk-state.js';

/** The store of one desk. */
export type { AtomStore as DeskStore } from '../../ui/shared/use-store-value.js';

/** A message or note of a conversation to show. */
export interface FoundItem {
  sessionId: number;
  item: ConversationItem;
}

// Base atoms.

/** Most recent activity first. */
export const conversationsAtom = atom<ConversationSummary[]>([]);
export const selectedIdAtom = atom<number | null>(null);
/** The selected conversation once loaded. */
export const openConversationAtom = atom<ConversationDetail | null>(null);
/** Session ids whose visitor is typing now. */
export const typingSessionsAtom = atom<number[]>([]);
/** The screen in front where only one fits (a phone). */
export const screenAtom = atom<DeskScreen>('list');
/** Bumped when the open conversation's visitor said more about themselves: its card is read again. */
export const visitorCardVersionAtom = atom(0);
/**
 * What the list shows: its view (Mine first), and any filter added beside it; the list is read again
 * with it whenever it changes.
 */
export const listQueryAtom = atom<ConversationListParams & { view: NonNullable<ConversationListParams['view']> }>({ view: 'mine' });
/** The message or note the operator asked to see (a search result's link); the message list scrolls to it once shown. */
export const foundItemAtom = atom<FoundItem | null>(null);
/** The oldest message the pane shows of a conversation opened at an older message (a search result); its later reads keep that far back. */
export const messageWindowAtom = atom<{ sessionId: number; sinceMessageId: number } | null>(null);
/** How many open conversations each view holds; null until read. */
export const viewCountsAtom = atom<ViewCounts | null>(null);
/** The clock visitor typing fades by; a fake one in tests. */
export const deskClockAtom = atom<Clock>(pageClock);
const typingModelAtom = atom<OthersTyping | undefined>(undefined);

// Derived atoms.

/** The whole desk, as the reducer sees it; writing it updates only the parts that changed. */
export const deskAtom = atom(
  (get): DeskState => ({
    conversations: get(conversationsAtom),
    selectedId: get(selectedIdAtom),
    open: get(openConversationAtom),
    typing: get(typingSessionsAtom),
    screen: get(screenAtom),
  }),
  (get, set, next: DeskState) => {
    if (next.conversations !== get(conversationsAtom)) set(conversationsAtom, next.conversations);
    if (next.selectedId !== get(selectedIdAtom)) set(selectedIdAtom, next.selectedId);
    if (next.open !== get(openConversationAtom)) set(openConversationAtom, next.open);
    if (next.typing !== get(typingSessionsAtom)) set(typingSessionsAtom, next.typing);
    if (next.screen !== get(screenAtom)) set(screenAtom, next.screen);
  },
);

/** Ids of the conversations still open: the desk follows their bus channels. */
export const liveSessionIdsAtom = atom((get) => get(conversationsAtom).filter((c) => c.closed_at === null).map((c) => c.id));

/** The visitor of the open conversation is typing. */
export const openVisitorTypingAtom = atom((get) => {
  const open = get(openConversationAtom);
  return open !== null && get(typingSessionsAtom).includes(open.id);
});

// Actions.

/** Applies one event of the server or the bus. */
export const deskEventAtom = atom(null, (get, set, event: DeskEvent) => {
  set(deskAtom, deskReducer(get(deskAtom), event));
});

// Created on first use, with the desk's clock.
const typingModel = atom(null, (get, set): OthersTyping => {
  const existing = get(typingModelAtom);
  if (existing) return existing;
  const created = createOthersTyping(get(deskClockAtom), (sessionIds) => set(deskEventAtom, { type: 'typing-kept', sessionIds }));
  set(typingModelAtom, created);
  return created;
});

/** A visitor's typing notice: shown at once, faded 60 s after the latest one (SPEC.md §4 "Typing"). */
export const visitorTypingAtom = atom(null, (_get, set, sessionId: number, isTyping: boolean) => {
  set(deskEventAtom, { type: 'typing', sessionId, isTyping });
  set(typingModel).set(sessionId, isTyping);
});

/** Stops the fade timers (the desk is gone). */
export const disposeDeskAtom = atom(null, (get) => {
  get(typingModelAtom)?.dispose();
});
