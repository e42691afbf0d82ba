import { useState } from 'react';
import type { ChannelSettings } from '../../../protocol/operator-console.js';
import type { OperatorApi } from '../../core/api.js';
import { useLocale, useT } from '../../core/texts.js';

/** The admin calls the identity secret needs. */
export type IdentitySecretApi = Pick<OperatorApi, 'generateIdentitySecret' | 'removeIdentitySecret'>;

/** Props of {@link IdentitySecretSettings}. */
export interface IdentitySecretSettingsProps {
  api: IdentitySecretApi;
  channel: ChannelSettings;
  /** When the channel's secret was made (epoch ms), or null without one. */
  since: number | null;
  onChanged(since: number | null): void;
  onError(err: unknown): void;
  onDone(text: string): void;
}

type Step = 'idle' | 'confirm-rotate';

/**
 * A channel's identity secret: generated on demand and shown once in a read-only field, rotated (after a
 * confirmation, since hashes made with the old one stop working) or removed. The server never sends it
 * again, so leaving the page forgets it.
 */
export function IdentitySecretSettings({ api, channel, since, onChanged, onError, onDone }: IdentitySecretSettingsProps): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const [secret, setSecret] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const id = `op-identity-${channel.id}`;

  const generate = () => {
    setStep('idle');
    api.generateIdentitySecret(channel.id).then((made) => {
      setSecret(made.secret);
      onChanged(made.created_at);
      onDone(t('operator.admin.secretGenerated', { name: channel.name }));
    }, onError);
  };
  const remove = () => {
    api.removeIdentitySecret(channel.id).then(() => {
      setSecret(null);
      onChanged(null);
      onDone(t('operator.admin.secretRemoved', { name: channel.name }));
    }, onError);
  };

  return (
    <fieldset className="op-admin-form" aria-describedby={`${id}-hint`}>
      <legend>{t('operator.admin.identity')}</legend>
      <p id={`${id}-hint`} className="op-hint">
        {t('operator.admin.identityHint')}
      </p>
      <p>{since === null ? t('operator.admin.identityNone') : t('operator.admin.identitySince', { date: new Date(since).toLocaleString(locale) })}</p>
      {secret ? (
        <>
          <label>
            {t('operator.admin.secretLabel')}
            <input readOnly value={secret} spellCheck={false} aria-describedby={`${id}-once`} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <p id={`${id}-once`} role="status">
            {t('operator.admin.secretOnce')}
          </p>
        </>
      ) : null}
      <div className="op-inline-form">
        {since === null ? (
          <button type="button" onClick={generate}>
            {t('operator.admin.generateSecret')}
          </button>
        ) : step === 'confirm-rotate' ? (
          <>
            <p>{t('operator.admin.rotateWarning')}</p>
            <button type="button" onClick={generate}>
              {t('operator.admin.confirmRotate')}
            </button>
            <button type="button" onClick={() => setStep('idle')}>
              {t('operator.admin.cancel')}
            </button>
          </>
        ) : (
          <>
            <button type="button" onClick={() => setStep('confirm-rotate')}>
              {t('operator.admin.rotateSecret')}
            </button>
            <button type="button" onClick={remove}>
              {t('operator.admin.removeSecret')}
            </button>
          </>
        )}
      </div>
    </fieldset>
  );
}
