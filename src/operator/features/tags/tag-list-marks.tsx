import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import { useT } from '../../core/texts.js';
import type { ListRowMarkProps } from '../../desk/list-slots.js';
import { channelTagsAtom, conversationTagIdsAtom, tagsOn } from './tags-atoms.js';
import { TagChip } from './tag-chip.js';

/** A list row's tags, as chips (inside the row's button: nothing here is interactive). */
export function TagRowMarks({ conversation, store }: ListRowMarkProps): React.JSX.Element | null {
  const t = useT();
  const tags = tagsOn(useStoreValue(store, channelTagsAtom), useStoreValue(store, conversationTagIdsAtom).get(conversation.id));
  if (tags.length === 0) return null;
  return (
    <span className="op-list-tags">
      <span className="op-sr-only">{t('operator.tags.rowLabel')} </span>
      {tags.map((tag) => (
        <TagChip key={tag.id} tag={tag} />
      ))}
    </span>
  );
}
