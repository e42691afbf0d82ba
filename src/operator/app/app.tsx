import { useCallback, useEffect, useState } from 'react';
import { markHandled, reasonText, RpcServerError } from '../../platform/errors.js';
import type { CrossTabBus } from '../../platform/bus/cross-tab-bus.js';
import type { PollLoopState } from '../../platform/bus/poll-loop.js';
import type { NoticeOutcome, UserNotice } from '../../platform/notify/notifier.js';
import type { Session, SessionInfo } from '../../platform/session/index.js';
import type { OperatorApi } from '../core/api.js';
import { useT } from '../core/texts.js';
import { Desk } from './desk.js';
import { LoginForm, type LoginFailure } from './login-form.js';
import type { ConsoleFeature } from './registry.js';

/** Who is using the console: nobody yet (checking the cookie), nobody, or a logged-in operator. */
type Phase = { kind: 'checking' } | { kind: 'login' } | { kind: 'desk'; partnerId: number; name: string; isAdmin: boolean; isSupervisor: boolean };

/** What the console app needs from its page (real browser services in main.tsx, doubles in tests). */
export interface ConsoleServices {
  session: Session;
  api: OperatorApi;
  createBus(onPollState: (state: PollLoopState) => void): CrossTabBus;
  notify(notice: UserNotice, isMaster: () => boolean, showInPage: (notice: UserNotice) => void): NoticeOutcome;
  desktopPermission(): NotificationPermission | 'unsupported';
  askDesktopPermission(): Promise<void>;
}

function deskOf(info: SessionInfo): Phase {
  const partnerId = typeof info.partner_id === 'number' ? info.partner_id : info.uid;
  if (typeof partnerId !== 'number') return { kind: 'login' };
  return { kind: 'desk', partnerId, name: typeof info.name === 'string' ? info.name : String(info.username ?? ''), isAdmin: info.is_admin === true, isSupervisor: info.is_supervisor === true };
}

function loginFailure(err: unknown): LoginFailure {
  if (err instanceof RpcServerError && err.error.data.exception_type === 'access_denied') return 'wrong_credentials';
  if (err instanceof RpcServerError && err.error.data.exception_type === 'warning') return 'rate_limited';
  return { reason: reasonText(err) };
}


/**
 * The operator console: log-in screen or desk; the server's session cookie survives reloads. `features`
 * are what the desk shows besides the conversations (features/index.ts).
 */
export function ConsoleApp({ services, features }: { services: ConsoleServices; features: readonly ConsoleFeature[] }): React.JSX.Element {
  const t = useT();
  const { session } = services;
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [permission, setPermission] = useState(() => services.desktopPermission());

  useEffect(() => {
    session.getSessionInfo().then(
      (info) => setPhase(deskOf(info)),
      (err: unknown) => {
        markHandled(err);
        setPhase({ kind: 'login' });
      },
    );
    // A code-100 answer anywhere (expired cookie, logged out in another tab) returns to the log-in form.
    const onChange = (event: Event) => {
      const why = (event as CustomEvent<string>).detail;
      if (why === 'invalidated' || why === 'destroyed') setPhase({ kind: 'login' });
    };
    session.addEventListener('change', onChange);
    return () => session.removeEventListener('change', onChange);
  }, [session]);

  const login = useCallback(
    async (login: string, password: string) => {
      try {
        setPhase(deskOf(await session.authenticate(session.db ?? 'livechat', login, password)));
      } catch (err) {
        markHandled(err);
        throw loginFailure(err);
      }
    },
    [session],
  );

  const logout = useCallback(() => {
    session.destroy().catch(markHandled);
  }, [session]);

  if (phase.kind === 'checking') return <p role="status">{t('widget.status.connecting')}</p>;
  if (phase.kind === 'login') return <LoginForm onLogin={login} />;
  return (
    <Desk
      key={phase.partnerId}
      api={services.api}
      partnerId={phase.partnerId}
      operatorName={phase.name}
      isAdmin={phase.isAdmin}
      isSupervisor={phase.isSupervisor}
      createBus={services.createBus}
      notify={services.notify}
      canAskDesktop={permission === 'default'}
      onAskDesktop={() => services.askDesktopPermission().then(() => setPermission(services.desktopPermission()), markHandled)}
      onLogout={logout}
      features={features}
    />
  );
}
