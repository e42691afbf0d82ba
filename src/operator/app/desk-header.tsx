import type { OperatorPresence } from '../../protocol/operator-console.js';
import type { PollLoopState } from '../../platform/bus/poll-loop.js';
import { useT } from '../core/texts.js';

/** What the main area shows. */
export type DeskView = 'desk' | 'statistics' | 'alerts' | 'admin';

const VIEW_LABELS = { desk: 'operator.view.desk', statistics: 'operator.view.statistics', alerts: 'operator.view.alerts', admin: 'operator.view.admin' } as const;

const PRESENCE_LABELS = { available: 'operator.presence.available', away: 'operator.presence.away', unknown: 'operator.presence.label' } as const;

/** Props of {@link DeskHeader}. */
export interface DeskHeaderProps {
  operatorName: string;
  views: DeskView[];
  view: DeskView;
  onView(view: DeskView): void;
  /** The operator's presence; null until the server has said. */
  presence: OperatorPresence | null;
  onTogglePresence(): void;
  pollState: PollLoopState;
  canAskDesktop: boolean;
  onAskDesktop(): void;
  /** Opens the operator's own profile (name and picture). */
  onProfile(): void;
  onLogout(): void;
}

/**
 * The console's top bar: title and sections on one side, the operator's own controls on the other. The two
 * groups share one line on desk-sized screens and stack as wholes on narrower ones.
 */
export function DeskHeader(props: DeskHeaderProps): React.JSX.Element {
  const t = useT();
  const { presence } = props;
  return (
    <header className="op-topbar">
      <div className="op-topbar-group">
        <h1>{t('operator.title')}</h1>
        <nav aria-label={t('operator.view.label')} className="op-views">
          {props.views.map((v) => (
            <button key={v} type="button" aria-current={props.view === v ? 'page' : undefined} onClick={() => props.onView(v)}>
              {t(VIEW_LABELS[v])}
            </button>
          ))}
        </nav>
      </div>
      <div className="op-topbar-group op-topbar-own">
        {/* The name is the way to the profile, as in most web apps: no room for one more button on the bar. */}
        <button type="button" className="op-operator-name" aria-haspopup="dialog" aria-label={t('operator.profile.open', { name: props.operatorName })} title={t('operator.profile.title')} onClick={props.onProfile}>
          {props.operatorName}
        </button>
        {props.pollState === 'retrying' ? <span role="status">{t('operator.connection.reconnecting')}</span> : null}
        {/* One control for presence: its name is the state the operator is in now, the track repeats it at a glance. */}
        <button type="button" role="switch" className="op-presence" aria-checked={presence === 'available'} disabled={presence === null} onClick={props.onTogglePresence}>
          <span className="op-switch-track" aria-hidden="true">
            <span className="op-switch-knob" />
          </span>
          <span>{t(PRESENCE_LABELS[presence ?? 'unknown'])}</span>
        </button>
        {props.canAskDesktop ? (
          <button type="button" onClick={props.onAskDesktop}>
            {t('operator.notice.enableDesktop')}
          </button>
        ) : null}
        <button type="button" onClick={props.onLogout}>
          {t('operator.logout')}
        </button>
      </div>
    </header>
  );
}
