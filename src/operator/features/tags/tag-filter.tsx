import { useEffect, useId } from 'react';
import { markHandled } from '../../../platform/errors.js';
import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import type { OperatorApi } from '../../core/api.js';
import { useT } from '../../core/texts.js';
import { listQueryAtom, conversationsAtom, openConversationAtom, type DeskStore } from '../../desk/desk-atoms.js';
import type { ListControlProps } from '../../desk/list-slots.js';
import { channelTagsAtom, conversationTagIdsAtom, tagsVersionAtom, withTagged } from './tags-atoms.js';

/**
 * Keeps the tags in step: the channels' tags, and the tags of the listed and open conversations, read
 * again when those change or another console changed tags. A failure leaves the list as it is.
 */
export function useTagsSync(api: OperatorApi, store: DeskStore): void {
  const version = useStoreValue(store, tagsVersionAtom);
  const conversations = useStoreValue(store, conversationsAtom);
  const openId = useStoreValue(store, openConversationAtom)?.id;
  useEffect(() => {
    api.tags().then((tags) => store.set(channelTagsAtom, tags), markHandled);
  }, [api, store, version]);
  const ids = [...new Set([...conversations.map((c) => c.id), ...(openId === undefined ? [] : [openId])])].slice(0, 100);
  const key = ids.join(',');
  useEffect(() => {
    if (key === '') return;
    api.conversationTags(key.split(',').map(Number)).then((tagged) => store.set(conversationTagIdsAtom, (m) => withTagged(m, tagged)), markHandled);
  }, [api, store, key, version]);
}

/** Above the list: shows only the conversations carrying a tag (the server filters), or all. */
export function TagFilter({ api, store }: ListControlProps): React.JSX.Element {
  const t = useT();
  const id = useId();
  useTagsSync(api, store);
  const tags = useStoreValue(store, channelTagsAtom);
  const filters = useStoreValue(store, listQueryAtom);
  const choose = (value: string) => {
    const { tag_id: _previous, ...rest } = store.get(listQueryAtom);
    store.set(listQueryAtom, value === '' ? rest : { ...rest, tag_id: Number(value) });
  };
  return (
    <div className="op-list-filter">
      <label htmlFor={id}>{t('operator.tags.filterLabel')}</label>
      <select id={id} value={filters.tag_id === undefined ? '' : String(filters.tag_id)} onChange={(e) => choose(e.currentTarget.value)}>
        <option value="">{t('operator.tags.filterAll')}</option>
        {tags.map((tag) => (
          <option key={tag.id} value={String(tag.id)}>
            {tag.name}
          </option>
        ))}
      </select>
    </div>
  );
}
