/**
 * What the console knows of tags: the tags of the operator's channels, the tags on the conversations in
 * view, and a counter the bus bumps when another console changed them.
 */
import { atom } from 'jotai/vanilla';
import type { ConversationTagInfo, TaggedConversation } from '../../../protocol/console/tags.js';
import type { BusHandler } from '../../app/registry.js';
import { listQueryAtom } from '../../desk/desk-atoms.js';

/** The tags the operator may use, by name. */
export const channelTagsAtom = atom<readonly ConversationTagInfo[]>([]);
/** Conversation id → the ids of the tags it carries, for the conversations loaded so far. */
export const conversationTagIdsAtom = atom<ReadonlyMap<number, readonly number[]>>(new Map());
/** Bumped when tags changed elsewhere: whoever shows them reads them again. */
export const tagsVersionAtom = atom(0);

/** The tags on one conversation, in the channel's order. */
export function tagsOn(tags: readonly ConversationTagInfo[], ids: readonly number[] | undefined): ConversationTagInfo[] {
  if (!ids || ids.length === 0) return [];
  return tags.filter((t) => ids.includes(t.id));
}

/** The map with these conversations' tags replaced. */
export function withTagged(map: ReadonlyMap<number, readonly number[]>, tagged: readonly TaggedConversation[]): ReadonlyMap<number, readonly number[]> {
  const next = new Map(map);
  for (const c of tagged) next.set(c.session_id, c.tag_ids);
  return next;
}

/**
 * Another console changed tags: read them again, and the list too while it is filtered by a tag (which
 * conversations carry it may have changed).
 */
export const onTagsEvent: BusHandler = (event, store) => {
  if (event.kind !== 'info' || event.info !== 'tags_changed') return;
  store.set(tagsVersionAtom, (v) => v + 1);
  const filters = store.get(listQueryAtom);
  if (filters.tag_id !== undefined) store.set(listQueryAtom, { ...filters });
};
