import { createElement, useMemo } from 'react';
import type { ConsoleFeature, FeatureContext } from '../../app/registry.js';
import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import { channelRolesApi, supervisionApi } from './supervision-api.js';
import { onSupervisionEvent, supervisionVersionAtom } from './supervision-bus.js';
import { SupervisionPanel } from './supervision-panel.js';
import { ChannelRolesSection, type ChannelRolesSource } from './channel-roles-section.js';
import { TakeHere } from './take-here.js';

const wallClock = (): number => Date.now();

/** The supervision section, fed by the bus. */
function SupervisionView({ api, store, partnerId }: FeatureContext): React.JSX.Element {
  const calls = useMemo(() => supervisionApi(api), [api]);
  return createElement(SupervisionPanel, { api: calls, selfId: partnerId, refreshKey: useStoreValue(store, supervisionVersionAtom), now: wallClock });
}

/** The roles section of the Administration panel. */
function RolesSection({ api }: FeatureContext): React.JSX.Element {
  const source = useMemo<ChannelRolesSource>(() => ({ ...channelRolesApi(api), operators: () => api.operators(), channels: () => api.channels() }), [api]);
  return createElement(ChannelRolesSection, { api: source });
}

/** Supervisors (issue 26): a live screen of a channel's conversations and operators, and who supervises what. */
export const supervision: ConsoleFeature = {
  views: [{ id: 'supervision', label: 'operator.supervision.view', supervisorOnly: true, Panel: SupervisionView }],
  adminSections: [{ id: 'channel-roles', Section: RolesSection }],
  busHandlers: [onSupervisionEvent],
  pane: { replyLocked: [TakeHere] },
};
