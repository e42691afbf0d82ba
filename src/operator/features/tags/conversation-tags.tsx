import { useCallback, useRef, useState } from 'react';
import type { ConversationTagInfo } from '../../../protocol/console/tags.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import { useT } from '../../core/texts.js';
import { ErrorLine } from '../../core/outcome-lines.js';
import { useCommand } from '../../desk/commands.js';
import type { PaneSectionProps } from '../../desk/pane-slots.js';
import { channelTagsAtom, conversationTagIdsAtom, tagsOn } from './tags-atoms.js';
import { TagChip } from './tag-chip.js';
import { TagCombobox } from './tag-combobox.js';

/** The command taking the focus to the field that adds a tag. */
export const TAG_COMMAND = 'tag';

/** The open conversation's tags: chips with remove buttons, and a field to add one (from the channel's tags, or new). */
export function ConversationTagsSection({ conversation, api, store }: PaneSectionProps): React.JSX.Element {
  const t = useT();
  const all = useStoreValue(store, channelTagsAtom);
  const ids = useStoreValue(store, conversationTagIdsAtom).get(conversation.id) ?? [];
  const on = tagsOn(all, ids);
  const available = all.filter((tag) => tag.channel_id === conversation.channel_id && !ids.includes(tag.id));
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useCommand(store, TAG_COMMAND, () => void field.current?.focus());

  const failed = useCallback(
    (err: unknown) => {
      markHandled(err);
      setStatus('');
      setError(t('operator.common.error', { reason: reasonText(err) }));
      throw err;
    },
    [t],
  );
  const setIds = (next: (ids: readonly number[]) => readonly number[]) =>
    store.set(conversationTagIdsAtom, (m) => new Map(m).set(conversation.id, next(m.get(conversation.id) ?? [])));

  const add = (name: string): Promise<void> =>
    api.addConversationTag(conversation.id, name).then((tag: ConversationTagInfo) => {
      if (!store.get(channelTagsAtom).some((x) => x.id === tag.id)) store.set(channelTagsAtom, (tags) => [...tags, tag].sort((a, b) => a.name.localeCompare(b.name)));
      setIds((current) => (current.includes(tag.id) ? current : [...current, tag.id]));
      setError(null);
      setStatus(t('operator.tags.added', { name: tag.name }));
    }, failed);

  const remove = (tag: ConversationTagInfo) => {
    api.removeConversationTag(conversation.id, tag.id).then(() => {
      setIds((current) => current.filter((id) => id !== tag.id));
      setError(null);
      setStatus(t('operator.tags.removed', { name: tag.name }));
    }, failed).catch(() => undefined);
  };

  return (
    <section className="op-tags" aria-labelledby={`op-tags-${conversation.id}`}>
      <h3 id={`op-tags-${conversation.id}`}>{t('operator.tags.heading')}</h3>
      {on.length === 0 ? (
        <p>{t('operator.tags.none')}</p>
      ) : (
        <ul className="op-tag-chips">
          {on.map((tag) => (
            <li key={tag.id}>
              <TagChip tag={tag}>
                <button type="button" className="op-tag-remove" aria-label={t('operator.tags.remove', { name: tag.name })} onClick={() => remove(tag)}>
                  <span aria-hidden="true">×</span>
                </button>
              </TagChip>
            </li>
          ))}
        </ul>
      )}
      <TagCombobox available={available} onPick={add} inputRef={field} />
      <p role="status" className="op-sr-only">
        {status}
      </p>
      <ErrorLine text={error} />
    </section>
  );
}
