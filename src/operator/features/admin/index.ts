import { Fragment, createElement } from 'react';
import type { ConsoleFeature, FeatureContext } from '../../app/registry.js';
import { AdminPanel } from './admin-panel.js';
import { AdminSections } from './admin-sections.js';

/** The administration section, with the administrator's own account marked, then the other features' sections. */
function AdminView(context: FeatureContext): React.JSX.Element {
  return createElement(Fragment, null, createElement(AdminPanel, { api: context.api, selfId: context.partnerId }), createElement(AdminSections, { context }));
}

/** Operators, channels and identity secrets, for administrators. */
export const admin: ConsoleFeature = {
  views: [{ id: 'admin', label: 'operator.admin.view', adminOnly: true, Panel: AdminView }],
};
