import { createElement } from 'react';
import type { ConsoleFeature, FeatureContext } from '../../app/registry.js';
import { AdminPanel } from './admin-panel.js';

/** The administration section, with the administrator's own account marked and the features' sections after it. */
function AdminView(context: FeatureContext): React.JSX.Element {
  const sections = context.adminSections.map((s) => createElement(s.Section, { key: s.id, ...context }));
  return createElement(AdminPanel, { api: context.api, selfId: context.partnerId }, sections);
}

/** Operators, channels and identity secrets, for administrators. */
export const admin: ConsoleFeature = {
  views: [{ id: 'admin', label: 'operator.admin.view', adminOnly: true, Panel: AdminView }],
};
