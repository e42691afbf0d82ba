import type { ConsoleFeature } from '../../app/registry.js';
import { AlertSettingsPanel } from './alert-settings-panel.js';

/** The operator's own e-mail alerts. */
export const alerts: ConsoleFeature = {
  views: [{ id: 'alerts', label: 'operator.alerts.view', Panel: AlertSettingsPanel }],
};
