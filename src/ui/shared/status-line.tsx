import { useUiText } from './ui-text-context.js';
import type { MessageKey } from './ui-text.js';

import type { ConnectionStatus } from '../../platform/bus/connection-status.js';

export type { ConnectionStatus };

/** What the header says under the title: the link's state, or that the conversation has ended. */
export type HeaderStatus = ConnectionStatus | 'ended';

const KEYS: Record<HeaderStatus, MessageKey> = {
  online: 'widget.status.online',
  connecting: 'widget.status.connecting',
  reconnecting: 'widget.status.reconnecting',
  offline: 'widget.status.offline',
  ended: 'widget.status.ended',
};

/** Props of {@link StatusLine}. */
export interface StatusLineProps {
  status: HeaderStatus;
}

/** "Online", "Connecting...", "Reconnecting...", "Offline" or "Conversation ended", as a polite status region. */
export function StatusLine({ status }: StatusLineProps): React.JSX.Element {
  const { t } = useUiText();
  return (
    <span className="lc-status" role="status" data-status={status}>
      {t(KEYS[status] ?? KEYS.offline)}
    </span>
  );
}
