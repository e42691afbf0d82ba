import { useUiText } from './ui-text-context.js';
import type { MessageKey } from './ui-text.js';

import type { ConnectionStatus } from '../../platform/bus/connection-status.js';

export type { ConnectionStatus };

const KEYS: Record<ConnectionStatus, MessageKey> = {
  online: 'widget.status.online',
  connecting: 'widget.status.connecting',
  reconnecting: 'widget.status.reconnecting',
  offline: 'widget.status.offline',
};

/** Props of {@link StatusLine}. */
export interface StatusLineProps {
  status: ConnectionStatus;
}

/** "Online", "Connecting...", "Reconnecting...", "Offline", as a polite status region. */
export function StatusLine({ status }: StatusLineProps): React.JSX.Element {
  const { t } = useUiText();
  return (
    <span className="lc-status" role="status" data-status={status}>
      {t(KEYS[status] ?? KEYS.offline)}
    </span>
  );
}
