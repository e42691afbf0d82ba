import type { ConsoleFeature } from '../../app/registry.js';
import { DESK_VIEW_ID } from '../../desk/commands.js';
import { LeaveCommand } from './leave-command.js';
import { participantsBusHandler, transferBusHandler } from './transfer-bus.js';
import { ParticipantsSection } from './participants-section.js';
import { TRANSFER_COMMAND, TransferSection } from './transfer-section.js';

/**
 * Transfer, invite and leave: the open chat's controls and dialog, `/leave` in the composer, and the
 * notices of conversations changing hands (whoever moved them), and who is in the open chat.
 */
export const transfer: ConsoleFeature = {
  pane: { details: [ParticipantsSection, TransferSection], composerActions: [LeaveCommand] },
  busHandlers: [transferBusHandler, participantsBusHandler],
  commands: [{ id: TRANSFER_COMMAND, label: 'operator.transfer.command', key: { key: 'm' }, view: DESK_VIEW_ID }],
};
