import { createElement } from 'react';
import type { ConsoleFeature, FeatureContext } from '../../app/registry.js';
import { AdminPanel } from './admin-panel.js';

/** The administration section, with the administrator's own account marked. */
function AdminView({ api, partnerId }: FeatureContext): React.JSX.Element {
  return createElement(AdminPanel, { api, selfId: partnerId });
}

/** Operators, channels and identity secrets, for administrators. */
export const admin: ConsoleFeature = {
  views: [{ id: 'admin', label: 'operator.admin.view', adminOnly: true, Panel: AdminView }],
};
