import { useState, type FormEvent } from 'react';
import { useT } from '../core/texts.js';
import { ErrorLine } from '../core/outcome-lines.js';

/** Why a log-in failed, as the form shows it. */
export type LoginFailure = 'wrong_credentials' | 'rate_limited' | { reason: string };

/** Props of {@link LoginForm}. */
export interface LoginFormProps {
  /** Resolves on success; rejects with a {@link LoginFailure}. */
  onLogin(login: string, password: string): Promise<void>;
}

/** The log-in screen: login, password, and a clear error on failure (role alert). */
export function LoginForm({ onLogin }: LoginFormProps): React.JSX.Element {
  const t = useT();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<'idle' | 'busy'>('idle');
  const [failure, setFailure] = useState<LoginFailure | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('busy');
    setFailure(null);
    onLogin(login, password).catch((err: LoginFailure) => {
      setStatus('idle');
      setPassword('');
      setFailure(err);
    });
  };

  const message =
    failure === null
      ? null
      : failure === 'wrong_credentials'
        ? t('operator.login.wrong')
        : failure === 'rate_limited'
          ? t('operator.login.tooMany')
          : t('operator.common.error', { reason: failure.reason });

  return (
    <main className="op-login">
      <h1>{t('operator.title')}</h1>
      <form onSubmit={submit} aria-labelledby="op-login-heading">
        <h2 id="op-login-heading">{t('operator.login.heading')}</h2>
        <label>
          {t('operator.login.login')}
          <input name="login" autoComplete="username" required value={login} onChange={(e) => setLogin(e.target.value)} />
        </label>
        <label>
          {t('operator.login.password')}
          <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <ErrorLine text={message} />
        <button type="submit" disabled={status === 'busy'}>
          {t('operator.login.submit')}
        </button>
      </form>
    </main>
  );
}
