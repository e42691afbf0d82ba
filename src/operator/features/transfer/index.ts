import type { ConsoleFeature } from '../../app/registry.js';
import { DESK_VIEW_ID } from '../../desk/commands.js';
import { LeaveCommand } from './leave-command.js';
import { transferBusHandler } from './transfer-bus.js';
import { TRANSFER_COMMAND, TransferSection } from './transfer-section.js';

/**
 * Transfer, invite and leave: the open chat's controls and dialog, `/leave` in the composer, and the
 * notices of conversations changing hands (whoever moved them).
 */
export const transfer: ConsoleFeature = {
  pane: { details: [TransferSection], composerActions: [LeaveCommand] },
  busHandlers: [transferBusHandler],
  commands: [{ id: TRANSFER_COMMAND, label: 'operator.transfer.command', key: { key: 'm' }, view: DESK_VIEW_ID }],
};
