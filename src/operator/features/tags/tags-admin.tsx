import { useCallback, useEffect, useId, useState } from 'react';
import { TAG_NAME_MAX, TAG_PALETTE, type ConversationTagInfo, type TagPaletteName } from '../../../protocol/console/tags.js';
import type { ChannelSettings } from '../../../protocol/operator-console.js';
import type { MessageKey } from '../../../platform/i18n/index.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import type { FeatureContext } from '../../app/registry.js';
import type { OperatorApi } from '../../core/api.js';
import { useT } from '../../core/texts.js';
import { StatusSection } from '../../core/status-section.js';
import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import { tagsVersionAtom } from './tags-atoms.js';
import { TagChip } from './tag-chip.js';

/** The admin calls of the section. */
export type TagsAdminApi = Pick<OperatorApi, 'tags' | 'channels' | 'updateTag' | 'deleteTag'>;

const PALETTE_LABELS: Record<TagPaletteName, MessageKey> = {
  gray: 'operator.tags.palette.gray',
  red: 'operator.tags.palette.red',
  orange: 'operator.tags.palette.orange',
  yellow: 'operator.tags.palette.yellow',
  green: 'operator.tags.palette.green',
  teal: 'operator.tags.palette.teal',
  blue: 'operator.tags.palette.blue',
  purple: 'operator.tags.palette.purple',
  pink: 'operator.tags.palette.pink',
};
const CUSTOM = 'custom';

/** One tag's row: its chip, name and colour fields, Save and Delete. */
function TagRow({ tag, onSave, onDelete }: { tag: ConversationTagInfo; onSave(patch: { name: string; color: string }): void; onDelete(): void }): React.JSX.Element {
  const t = useT();
  const id = useId();
  const isPalette = Object.hasOwn(TAG_PALETTE, tag.color);
  const [name, setName] = useState(tag.name);
  const [choice, setChoice] = useState(isPalette ? tag.color : CUSTOM);
  const [hex, setHex] = useState(isPalette ? '' : tag.color);
  return (
    <li className="op-tag-admin-row">
      <TagChip tag={tag} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSave({ name, color: choice === CUSTOM ? hex : choice });
        }}
      >
        <label htmlFor={`${id}-name`}>{t('operator.tags.name', { name: tag.name })}</label>
        <input id={`${id}-name`} type="text" required maxLength={TAG_NAME_MAX} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <label htmlFor={`${id}-color`}>{t('operator.tags.color', { name: tag.name })}</label>
        <select id={`${id}-color`} value={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
          {(Object.keys(TAG_PALETTE) as TagPaletteName[]).map((p) => (
            <option key={p} value={p}>
              {t(PALETTE_LABELS[p])}
            </option>
          ))}
          <option value={CUSTOM}>{t('operator.tags.custom')}</option>
        </select>
        {choice === CUSTOM ? (
          <>
            <label htmlFor={`${id}-hex`}>{t('operator.tags.customColor', { name: tag.name })}</label>
            <input id={`${id}-hex`} type="text" required pattern="#[0-9a-fA-F]{6}" maxLength={7} value={hex} onChange={(e) => setHex(e.currentTarget.value)} />
          </>
        ) : null}
        <button type="submit">{t('operator.tags.save', { name: tag.name })}</button>
        <button type="button" onClick={onDelete}>
          {t('operator.tags.delete', { name: tag.name })}
        </button>
      </form>
    </li>
  );
}

/** Administration → Tags: every channel's tags, renamed, recoloured or deleted here. */
export function TagsAdmin({ api, confirm = (text) => window.confirm(text), version = 0 }: { api: TagsAdminApi; confirm?(text: string): boolean; version?: number }): React.JSX.Element {
  const t = useT();
  const [tags, setTags] = useState<readonly ConversationTagInfo[] | null>(null);
  const [channels, setChannels] = useState<readonly ChannelSettings[]>([]);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback(
    (err: unknown) => {
      markHandled(err);
      setStatus('');
      setError(t('operator.common.error', { reason: reasonText(err) }));
    },
    [t],
  );
  const reload = useCallback(() => {
    Promise.all([api.tags(), api.channels()]).then(([all, chans]) => {
      setTags(all);
      setChannels(chans);
    }, onError);
  }, [api, onError]);
  useEffect(reload, [reload, version]);

  const done = (text: string) => {
    setError(null);
    setStatus(text);
    reload();
  };
  const save = (tag: ConversationTagInfo, patch: { name: string; color: string }) =>
    api.updateTag(tag.id, patch).then((saved) => done(t('operator.tags.saved', { name: saved.name })), onError);
  const remove = (tag: ConversationTagInfo) => {
    if (!confirm(t('operator.tags.confirmDelete', { name: tag.name }))) return;
    api.deleteTag(tag.id).then(() => done(t('operator.tags.deleted', { name: tag.name })), onError);
  };
  const byChannel = channels.map((c) => ({ channel: c, tags: (tags ?? []).filter((tag) => tag.channel_id === c.id) })).filter((g) => g.tags.length > 0);

  return (
    <StatusSection className="op-tags-admin" heading={t('operator.tags.admin')} level={3} loading={tags === null} status={status} error={error}>
      {tags !== null && tags.length === 0 ? <p>{t('operator.tags.adminEmpty')}</p> : null}
      {byChannel.map(({ channel, tags: list }) => (
        <section key={channel.id} aria-label={t('operator.tags.channel', { name: channel.name })}>
          <h4>{t('operator.tags.channel', { name: channel.name })}</h4>
          <ul>
            {list.map((tag) => (
              <TagRow key={`${tag.id}:${tag.name}:${tag.color}`} tag={tag} onSave={(patch) => void save(tag, patch)} onDelete={() => remove(tag)} />
            ))}
          </ul>
        </section>
      ))}
    </StatusSection>
  );
}

/** The section as Administration draws it, read again when another console changed tags. */
export function TagsAdminSection({ api, store }: FeatureContext): React.JSX.Element {
  return <TagsAdmin api={api} version={useStoreValue(store, tagsVersionAtom)} />;
}
