import type { OperatorPresence } from '../../protocol/operator-console.js';
import type { PollLoopState } from '../../platform/bus/poll-loop.js';
import type { MessageKey } from '../../platform/i18n/index.js';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../core/texts.js';

/** A section the main area can show, as the header's navigation offers it. */
export interface HeaderView {
  id: string;
  label: MessageKey;
}

const PRESENCE_LABELS = { available: 'operator.presence.available', away: 'operator.presence.away', unknown: 'operator.presence.label' } as const;

/** Props of {@link DeskHeader}. */
export interface DeskHeaderProps {
  views: HeaderView[];
  /** The id of the view shown. */
  view: string;
  onView(id: string): void;
  /** The features' controls that open the operator's own dialogs (e.g. the name, for the profile). */
  ownControls?: React.ReactNode;
  /** The operator's presence; null until the server has said. */
  presence: OperatorPresence | null;
  onTogglePresence(): void;
  pollState: PollLoopState;
  canAskDesktop: boolean;
  onAskDesktop(): void;
  onLogout(): void;
}

/**
 * The console's top bar: title and sections on one side, the operator's own controls on the other. The two
 * groups share one line on desk-sized screens and stack as wholes on narrower ones. On a phone the
 * stylesheet folds the sections and the controls other than presence behind a "Menu" button.
 */
export function DeskHeader(props: DeskHeaderProps): React.JSX.Element {
  const t = useT();
  const { presence } = props;
  const [menu, setMenu] = useState<'open' | 'closed'>('closed');
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || menu === 'closed') return;
    setMenu('closed');
    toggle.current?.focus();
  };
  return (
    <header className="op-topbar" data-menu={menu} onKeyDown={onKeyDown}>
      <div className="op-topbar-group">
        <h1>{t('operator.title')}</h1>
        {/* Shown by the stylesheet only where the header is folded. */}
        <button ref={toggle} type="button" className="op-menu-toggle" aria-expanded={menu === 'open'} aria-controls={`${id}-views ${id}-own`} onClick={() => setMenu(menu === 'open' ? 'closed' : 'open')}>
          {t('operator.menu')}
        </button>
        <nav id={`${id}-views`} aria-label={t('operator.view.label')} className="op-views">
          {props.views.map((v) => (
            <button
              key={v.id}
              type="button"
              aria-current={props.view === v.id ? 'page' : undefined}
              onClick={() => {
                setMenu('closed');
                props.onView(v.id);
              }}
            >
              {t(v.label)}
            </button>
          ))}
        </nav>
      </div>
      <div id={`${id}-own`} className="op-topbar-group op-topbar-own">
        {props.ownControls}
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
