/** The routing routes as the console calls them (protocol/console/routing.ts). */
import type { OperatorApi } from '../../core/api.js';
import { OPERATOR_ROUTING_ROUTE, SET_OPERATOR_ROUTING_ROUTE, type OperatorRouting } from '../../../protocol/console/routing.js';
import type { OperatorRoutingParams, SetOperatorRoutingParams } from '../../../protocol/schemas/routing.js';

/** Admin: an operator's languages and own capacity in each of their channels. */
export function loadOperatorRouting(api: OperatorApi, operatorId: number): Promise<OperatorRouting> {
  return api.call<OperatorRouting>(OPERATOR_ROUTING_ROUTE, { operator_id: operatorId } satisfies OperatorRoutingParams);
}

/** Admin: saves an operator's languages and own capacities. */
export function saveOperatorRouting(api: OperatorApi, change: { operator_id: number; languages: string[]; capacities: { channel_id: number; capacity: number | null }[] }): Promise<OperatorRouting> {
  return api.call<OperatorRouting>(SET_OPERATOR_ROUTING_ROUTE, change satisfies SetOperatorRoutingParams);
}
