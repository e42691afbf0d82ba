import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ChannelSettings, OperatorAccount } from '../../../protocol/operator-console.js';
import { markHandled, reasonText } from '../../../platform/errors.js';
import type { OperatorApi } from '../../core/api.js';
import { useT } from '../../core/texts.js';
import { ChannelSettingsForm } from './channel-settings-form.js';
import { OperatorsAdmin } from './operators-admin.js';
import { IdentitySecretSettings, type IdentitySecretApi } from './identity-secret-settings.js';
import { StatusSection } from '../../core/status-section.js';

/** The admin calls of the panel. */
export type AdminApi = Pick<OperatorApi, 'operators' | 'channels' | 'addOperator' | 'removeOperator' | 'resetPassword' | 'updateChannel' | 'identitySecrets' | 'setProfileName' | 'setProfilePicture' | 'removeProfilePicture'> & IdentitySecretApi;

type Load = { kind: 'loading' } | { kind: 'ready'; operators: OperatorAccount[]; channels: ChannelSettings[]; secrets: Map<number, number> };

/** The secrets' dates with one channel's changed. */
function withSecret(secrets: Map<number, number>, channelId: number, since: number | null): Map<number, number> {
  const next = new Map(secrets);
  if (since === null) next.delete(channelId);
  else next.set(channelId, since);
  return next;
}

/** Administration: operators and channel settings, then the features' sections (`children`). Shown to admins; the server refuses everyone else. */
export function AdminPanel({ api, selfId, children }: { api: AdminApi; selfId: number; children?: ReactNode }): React.JSX.Element {
  const t = useT();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
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
  const onDone = useCallback((text: string) => {
    setError(null);
    setStatus(text);
  }, []);

  const reload = useCallback(() => {
    Promise.all([api.operators(), api.channels(), api.identitySecrets()]).then(
      ([operators, channels, secrets]) => setLoad({ kind: 'ready', operators, channels, secrets: new Map(secrets.map((s) => [s.channel_id, s.created_at])) }),
      onError,
    );
  }, [api, onError]);
  useEffect(reload, [reload]);

  return (
    <StatusSection className="op-admin" heading={t('operator.admin.heading')} level={2} loading={load.kind === 'loading'} status={status} error={error}>
      {load.kind === 'ready' ? (
        <>
          <OperatorsAdmin api={api} operators={load.operators} channels={load.channels} selfId={selfId} onChanged={reload} onError={onError} onDone={onDone} />
          <section aria-labelledby="op-admin-channels">
            <h3 id="op-admin-channels">{t('operator.admin.channelSettings')}</h3>
            {load.channels.map((c) => (
              <div key={c.id}>
                <ChannelSettingsForm
                  api={api}
                  channel={c}
                  onError={onError}
                  onSaved={(saved) => {
                    onDone(t('operator.admin.saved', { name: saved.name }));
                    setLoad((l) => (l.kind === 'ready' ? { ...l, channels: l.channels.map((x) => (x.id === saved.id ? saved : x)) } : l));
                  }}
                />
                <IdentitySecretSettings
                  api={api}
                  channel={c}
                  since={load.secrets.get(c.id) ?? null}
                  onError={onError}
                  onDone={onDone}
                  onChanged={(since) => setLoad((l) => (l.kind === 'ready' ? { ...l, secrets: withSecret(l.secrets, c.id, since) } : l))}
                />
              </div>
            ))}
          </section>
        </>
      ) : null}
      {children}
    </StatusSection>
  );
}
