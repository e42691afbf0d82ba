import type { ConsoleFeature } from '../../app/registry.js';
import { DESK_VIEW_ID } from '../../desk/commands.js';
import { SNOOZE_COMMAND, STATUS_COMMAND, StatusSection } from './status-control.js';

/**
 * Statuses: the open conversation's "Status" control (open, waiting for the visitor, snoozed, resolved).
 * The list's views and its order by waiting time belong to the desk, which the server's list answers for.
 */
export const statuses: ConsoleFeature = {
  pane: { details: [StatusSection] },
  commands: [
    { id: STATUS_COMMAND, label: 'operator.statuses.command', key: { key: 's' }, view: DESK_VIEW_ID },
    { id: SNOOZE_COMMAND, label: 'operator.statuses.snoozeCommand', key: { key: 'z' }, view: DESK_VIEW_ID },
  ],
};
