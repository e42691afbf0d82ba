/** The transfer routes as the console calls them (protocol/console/transfer.ts). */
import type { OperatorApi } from '../../core/api.js';
import type { OnSessionParams } from '../../../protocol/schemas/console-params.js';
import type { InviteParams, TransferParams } from '../../../protocol/schemas/transfer.js';
import { INVITE_ROUTE, LEAVE_ROUTE, PARTICIPANTS_ROUTE, TRANSFER_ROUTE, TRANSFER_TARGETS_ROUTE, type ConversationParticipants, type ParticipantsResult, type TransferResult, type TransferTargets } from '../../../protocol/console/transfer.js';

/** Who the conversation may go to: its channel's operators, the operator's other channels, the participants. */
export function loadTargets(api: OperatorApi, sessionId: number): Promise<TransferTargets> {
  return api.call<TransferTargets>(TRANSFER_TARGETS_ROUTE, { session_id: sessionId } satisfies OnSessionParams, { silent: true });
}

/** Passes the conversation on; rejects with the refusal (its `data.name` says why). */
export function transfer(api: OperatorApi, params: TransferParams): Promise<TransferResult> {
  return api.call<TransferResult>(TRANSFER_ROUTE, params, { silent: true });
}

/** Invites a colleague into the conversation. */
export function invite(api: OperatorApi, sessionId: number, operatorId: number): Promise<ParticipantsResult> {
  return api.call<ParticipantsResult>(INVITE_ROUTE, { session_id: sessionId, operator_id: operatorId } satisfies InviteParams, { silent: true });
}

/** Leaves the conversation. */
export function leave(api: OperatorApi, sessionId: number): Promise<ParticipantsResult> {
  return api.call<ParticipantsResult>(LEAVE_ROUTE, { session_id: sessionId } satisfies OnSessionParams, { silent: true });
}

/** Who holds the conversation and who was invited beside them. */
export function loadParticipants(api: OperatorApi, sessionId: number): Promise<ConversationParticipants> {
  return api.call<ConversationParticipants>(PARTICIPANTS_ROUTE, { session_id: sessionId } satisfies OnSessionParams, { silent: true });
}
