import { useState, type FormEvent } from 'react';
import { OPERATOR_PASSWORD_MIN, type ChannelSettings, type OperatorAccount } from '../../../protocol/operator-console.js';
import type { OperatorApi } from '../../core/api.js';
import { useT } from '../../core/texts.js';
import { ProfileDialog } from '../../core/profile-dialog.js';

/** The admin calls this part needs. */
export type OperatorsAdminApi = Pick<OperatorApi, 'addOperator' | 'removeOperator' | 'resetPassword' | 'setProfileName' | 'setProfilePicture' | 'removeProfilePicture'>;

/** Props of {@link OperatorsAdmin}. */
export interface OperatorsAdminProps {
  api: OperatorsAdminApi;
  operators: OperatorAccount[];
  channels: ChannelSettings[];
  /** The logged-in admin (cannot remove itself). */
  selfId: number;
  /** Something changed: read the list again. */
  onChanged(): void;
  /** Turns a chosen picture into the square one sent (the browser's canvas by default). */
  crop?: (file: Blob) => Promise<Blob>;
  /** Reports a refused call with the server's reason. */
  onError(err: unknown): void;
  /** Announces a success in the panel's status line. */
  onDone(text: string): void;
}

/** What the row of one operator is doing: nothing, asking for a new password, or confirming removal. */
type RowMode = { kind: 'idle' } | { kind: 'password'; value: string } | { kind: 'confirmRemove' } | { kind: 'profile' };

function OperatorRow({ operator, channels, isSelf, api, crop, onChanged, onError, onDone }: { operator: OperatorAccount; channels: ChannelSettings[]; isSelf: boolean } & Omit<OperatorsAdminProps, 'operators' | 'channels' | 'selfId'>): React.JSX.Element {
  const t = useT();
  const [mode, setMode] = useState<RowMode>({ kind: 'idle' });
  const channelNames = channels.filter((c) => operator.channel_ids.includes(c.id)).map((c) => c.name).join(', ');

  const savePassword = (event: FormEvent) => {
    event.preventDefault();
    if (mode.kind !== 'password') return;
    api.resetPassword(operator.id, mode.value).then(() => {
      setMode({ kind: 'idle' });
      onDone(t('operator.admin.passwordReset', { name: operator.name }));
    }, onError);
  };

  const remove = () => {
    api.removeOperator(operator.id).then(() => {
      onDone(t('operator.admin.removed', { name: operator.name }));
      onChanged();
    }, onError);
  };

  return (
    <tr>
      <th scope="row">
        <span className="op-admin-operator">
          <img className="op-admin-avatar" src={operator.avatar_url} alt="" width={24} height={24} />
          {operator.name}
        </span>
      </th>
      <td>{operator.login}</td>
      <td>{operator.is_admin ? t('operator.admin.yes') : t('operator.admin.no')}</td>
      <td>{channelNames}</td>
      <td>
        {mode.kind === 'password' ? (
          <form onSubmit={savePassword} className="op-inline-form">
            <label>
              {t('operator.admin.newPasswordFor', { name: operator.name })}
              <input type="password" autoComplete="new-password" minLength={OPERATOR_PASSWORD_MIN} required value={mode.value} onChange={(e) => setMode({ kind: 'password', value: e.target.value })} />
            </label>
            <button type="submit">{t('operator.admin.savePassword')}</button>
            <button type="button" onClick={() => setMode({ kind: 'idle' })}>
              {t('operator.admin.cancel')}
            </button>
          </form>
        ) : mode.kind === 'confirmRemove' ? (
          <>
            <button type="button" onClick={remove}>
              {t('operator.admin.confirmRemove', { name: operator.name })}
            </button>
            <button type="button" onClick={() => setMode({ kind: 'idle' })}>
              {t('operator.admin.cancel')}
            </button>
          </>
        ) : (
          <>
            <button type="button" aria-haspopup="dialog" onClick={() => setMode({ kind: 'profile' })}>
              {t('operator.admin.editProfile', { name: operator.name })}
            </button>
            {mode.kind === 'profile' ? (
              <ProfileDialog
                api={api}
                title={t('operator.admin.profileTitleOf', { name: operator.name })}
                load={() => Promise.resolve({ id: operator.id, name: operator.name, has_avatar: operator.has_avatar, avatar_url: operator.avatar_url })}
                operatorId={operator.id}
                crop={crop}
                onChanged={onChanged}
                onClose={() => setMode({ kind: 'idle' })}
              />
            ) : null}
            <button type="button" onClick={() => setMode({ kind: 'password', value: '' })}>
              {t('operator.admin.resetPassword', { name: operator.name })}
            </button>
            {isSelf ? null : (
              <button type="button" onClick={() => setMode({ kind: 'confirmRemove' })}>
                {t('operator.admin.remove', { name: operator.name })}
              </button>
            )}
          </>
        )}
      </td>
    </tr>
  );
}

const EMPTY_FORM = { name: '', login: '', email: '', password: '', isAdmin: false };

/** The operators table (reset password, remove) and the form that adds one. */
export function OperatorsAdmin(props: OperatorsAdminProps): React.JSX.Element {
  const { api, operators, channels, selfId, crop, onChanged, onError, onDone } = props;
  const t = useT();
  const [form, setForm] = useState(EMPTY_FORM);
  const [channelIds, setChannelIds] = useState<number[] | null>(null);
  // Until the admin picks, a new operator joins every channel.
  const chosen = channelIds ?? channels.map((c) => c.id);

  const add = (event: FormEvent) => {
    event.preventDefault();
    api
      .addOperator({ login: form.login, name: form.name, password: form.password, email: form.email || undefined, is_admin: form.isAdmin, channel_ids: chosen })
      .then((account) => {
        setForm(EMPTY_FORM);
        setChannelIds(null);
        onDone(t('operator.admin.added', { name: account.name }));
        onChanged();
      }, onError);
  };

  return (
    <section aria-labelledby="op-admin-operators">
      <h3 id="op-admin-operators">{t('operator.admin.operators')}</h3>
      <table>
        <caption className="op-sr-only">{t('operator.admin.operators')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('operator.admin.name')}</th>
            <th scope="col">{t('operator.admin.login')}</th>
            <th scope="col">{t('operator.admin.isAdmin')}</th>
            <th scope="col">{t('operator.admin.channels')}</th>
            <th scope="col">{t('operator.admin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {operators.map((o) => (
            <OperatorRow key={o.id} operator={o} channels={channels} isSelf={o.id === selfId} api={api} crop={crop} onChanged={onChanged} onError={onError} onDone={onDone} />
          ))}
        </tbody>
      </table>
      <form onSubmit={add} className="op-admin-form" aria-labelledby="op-admin-add">
        <h4 id="op-admin-add">{t('operator.admin.add')}</h4>
        <label>
          {t('operator.admin.name')}
          <input required maxLength={100} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          {t('operator.admin.login')}
          <input required maxLength={100} pattern="\S+" autoComplete="off" value={form.login} onChange={(e) => setForm({ ...form, login: e.target.value })} />
        </label>
        <label>
          {t('operator.admin.email')}
          <input type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </label>
        <label>
          {t('operator.admin.password')}
          <input type="password" autoComplete="new-password" required minLength={OPERATOR_PASSWORD_MIN} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        </label>
        <label className="op-check">
          <input type="checkbox" checked={form.isAdmin} onChange={(e) => setForm({ ...form, isAdmin: e.target.checked })} />
          {t('operator.admin.isAdmin')}
        </label>
        <fieldset>
          <legend>{t('operator.admin.channels')}</legend>
          {channels.map((c) => (
            <label key={c.id} className="op-check">
              <input
                type="checkbox"
                checked={chosen.includes(c.id)}
                onChange={(e) => setChannelIds(e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))}
              />
              {c.name}
            </label>
          ))}
        </fieldset>
        <button type="submit">{t('operator.admin.addSubmit')}</button>
      </form>
    </section>
  );
}
