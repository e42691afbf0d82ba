/** The supervision routes as the console calls them (protocol/console/supervision.ts). */
import type { OperatorApi } from '../../core/api.js';
import type { OnChannelParams, OnSessionParams } from '../../../protocol/schemas/console-params.js';
import type { SetChannelRoleParams } from '../../../protocol/schemas/supervision.js';
import {
  CHANNEL_ROLES_ROUTE,
  SET_CHANNEL_ROLE_ROUTE,
  SUPERVISED_CHANNELS_ROUTE,
  SUPERVISION_ROUTE,
  TAKE_CONVERSATION_ROUTE,
  type ChannelMember,
  type ChannelRoleChoice,
  type SupervisedChannel,
  type SupervisionSnapshot,
} from '../../../protocol/console/supervision.js';

/** What the supervision screen calls. */
export interface SupervisionApi {
  channels(): Promise<SupervisedChannel[]>;
  snapshot(channelId: number): Promise<SupervisionSnapshot>;
  take(sessionId: number): Promise<unknown>;
}

/** What the administration of roles calls. */
export interface ChannelRolesApi {
  members(channelId: number): Promise<ChannelMember[]>;
  setRole(channelId: number, operatorId: number, role: ChannelRoleChoice): Promise<ChannelMember[]>;
}

/** The screen's calls through the console's client. */
export function supervisionApi(api: OperatorApi): SupervisionApi {
  return {
    channels: () => api.call<SupervisedChannel[]>(SUPERVISED_CHANNELS_ROUTE, {}, { silent: true }),
    snapshot: (channelId) => api.call<SupervisionSnapshot>(SUPERVISION_ROUTE, { channel_id: channelId } satisfies OnChannelParams, { silent: true }),
    take: (sessionId) => api.call(TAKE_CONVERSATION_ROUTE, { session_id: sessionId } satisfies OnSessionParams),
  };
}

/** The administration's calls through the console's client. */
export function channelRolesApi(api: OperatorApi): ChannelRolesApi {
  return {
    members: (channelId) => api.call<ChannelMember[]>(CHANNEL_ROLES_ROUTE, { channel_id: channelId } satisfies OnChannelParams, { silent: true }),
    setRole: (channelId, operatorId, role) =>
      api.call<ChannelMember[]>(SET_CHANNEL_ROLE_ROUTE, { channel_id: channelId, operator_id: operatorId, role } satisfies SetChannelRoleParams),
  };
}
