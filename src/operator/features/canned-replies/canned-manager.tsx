import { useCallback, useEffect, useState } from 'react';
import type { CannedReply, CannedReplyList } from '../../../protocol/canned-replies.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { useT } from '../../core/texts.js';
import { ErrorLine } from '../../core/outcome-lines.js';
import type { CannedApi } from './canned-api.js';
import { CannedReplyGroup } from './canned-reply-group.js';

/** Props of {@link CannedManager}. */
export interface CannedManagerProps {
  api: CannedApi;
  /**
   * `own`: the operator's personal replies, then its channels' shared ones (editable by administrators
   * only); `shared`: every channel's shared replies, for the Administration panel.
   */
  scope: 'own' | 'shared';
}

/** Where canned replies are managed: the console's "Canned replies" view and the Administration section. */
export function CannedManager({ api, scope }: CannedManagerProps): React.JSX.Element {
  const t = useT();
  const [list, setList] = useState<CannedReplyList | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    api.list().then(setList, (err: unknown) => {
      markHandled(err);
      setError(t('operator.common.error', { reason: reasonText(err) }));
    });
  }, [api, t]);
  useEffect(reload, [reload]);

  const done = (text: string) => {
    setError(null);
    setStatus(text);
    reload();
  };
  const create = (channelId: number | null) => async (shortcut: string, text: string) => {
    const saved = await api.create(channelId, shortcut, text);
    done(t('operator.canned-replies.saved', { shortcut: saved.shortcut }));
  };
  const update = async (reply: CannedReply, shortcut: string, text: string) => {
    const saved = await api.update(reply.id, shortcut, text);
    done(t('operator.canned-replies.saved', { shortcut: saved.shortcut }));
  };
  const remove = (reply: CannedReply) => {
    api.remove(reply.id).then(
      () => done(t('operator.canned-replies.deleted', { shortcut: reply.shortcut })),
      (err: unknown) => {
        markHandled(err);
        setError(t('operator.common.error', { reason: reasonText(err) }));
      },
    );
  };
  const group = (heading: string, replies: CannedReply[], channelId: number | null, canAdd: boolean) => (
    <CannedReplyGroup key={channelId ?? 'own'} heading={heading} level={scope === 'own' ? 3 : 4} replies={replies} canAdd={canAdd} onCreate={create(channelId)} onUpdate={update} onRemove={remove} />
  );
  const shared = (list?.channels ?? []).map((c) => ({ channel: c, replies: (list?.replies ?? []).filter((r) => r.channel_id === c.id) }));
  const Heading = scope === 'own' ? 'h2' : 'h3';
  return (
    <section className="op-canned-manager" aria-labelledby={`op-canned-${scope}`}>
      <Heading id={`op-canned-${scope}`}>{t('operator.canned-replies.heading')}</Heading>
      <p role="status">{list === null ? t('operator.common.loading') : status}</p>
      <ErrorLine text={error} />
      {list === null ? null : scope === 'own' ? (
        <>
          {group(
            t('operator.canned-replies.mine'),
            list.replies.filter((r) => r.channel_id === null),
            null,
            true,
          )}
          {shared.filter((s) => s.replies.length > 0).map((s) => group(t('operator.canned-replies.sharedBy', { channel: s.channel.name }), s.replies, s.channel.id, false))}
        </>
      ) : (
        shared.map((s) => group(t('operator.canned-replies.sharedBy', { channel: s.channel.name }), s.replies, s.channel.id, true))
      )}
    </section>
  );
}
