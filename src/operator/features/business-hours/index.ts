import { createElement, useMemo } from 'react';
import type { ConsoleFeature, FeatureContext } from '../../app/registry.js';
import type { ListControlProps } from '../../desk/list-slots.js';
import { ClosedNotice } from './closed-notice.js';
import { hoursApi } from './hours-api.js';
import { HoursAdmin } from './hours-admin.js';

function HoursAdminSection({ api }: FeatureContext): React.JSX.Element {
  const calls = useMemo(() => hoursApi(api), [api]);
  return createElement(HoursAdmin, { api: calls });
}

function ClosedChannelsControl({ api }: ListControlProps): React.JSX.Element {
  const calls = useMemo(() => hoursApi(api), [api]);
  return createElement(ClosedNotice, { api: calls });
}

/** Business hours: Administration → Business hours, and above the list the channels closed now. */
export const businessHours: ConsoleFeature = {
  adminSections: [{ id: 'business-hours', Section: HoursAdminSection }],
  list: { controls: [ClosedChannelsControl] },
};
