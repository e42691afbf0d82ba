import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OnSessionParams } from '../../../protocol/schemas/console-params.js';
import { ConversationParticipantsSchema, InviteParams, ParticipantsResultSchema, TransferParams, TransferResultSchema, TransferTargetsSchema } from '../../../protocol/schemas/transfer.js';
import { INVITE_ROUTE, LEAVE_ROUTE, PARTICIPANTS_ROUTE, TRANSFER_LIMITS, TRANSFER_ROUTE, TRANSFER_TARGETS_ROUTE } from '../../../protocol/console/transfer.js';
import type { TransferService } from './transfer-service.js';

/**
 * The transfer routes (protocol/console/transfer.ts), same-origin with the operator's session cookie, for
 * the operators who may read the conversation (anyone else reads "not found"):
 * - `transfer_targets` {session_id} → the channel's operators with presence, load and capacity, the
 *   caller's other channels with whether anyone there can take it, and the invited participants;
 * - `transfer` {session_id, operator_id | channel_id, note?, confirm?} → who has it now. An operator must
 *   belong to the conversation's channel; one at capacity needs `confirm`; a channel must be one of the
 *   caller's, and one of its available operators takes it (the availability rule);
 * - `invite` {session_id, operator_id} → the participants; the caller stays;
 * - `leave` {session_id} → the participants; refused when nobody else would remain;
 * - `participants` {session_id} → who holds it and who was invited, for any conversation the caller may
 *   read (closed ones too: the pane shows who served it).
 * The three changes share `TRANSFER_LIMITS.perMinute` per operator.
 */
export async function transferRoutes(app: FastifyInstance, opts: { service: TransferService }): Promise<void> {
  const { service } = opts;
  const authorize = (request: FastifyRequest) => app.requireOperator(request);
  const changing = async (request: FastifyRequest) => {
    const operator = await app.requireOperator(request);
    await app.limits.take(`transfer:operator:${operator.id}`, TRANSFER_LIMITS.perMinute, 60_000);
    return operator;
  };

  app.rpc(
    TRANSFER_TARGETS_ROUTE,
    { summary: 'Who a conversation may be transferred to or shared with', params: OnSessionParams, result: TransferTargetsSchema, authorize },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      await app.limits.take(`transfer-targets:operator:${operator.id}`, TRANSFER_LIMITS.targetsPerMinute, 60_000);
      return service.targets(operator, await service.conversation(operator, params.session_id));
    },
  );

  app.rpc(
    PARTICIPANTS_ROUTE,
    { summary: 'Who holds a conversation and who was invited beside them', params: OnSessionParams, result: ConversationParticipantsSchema, authorize },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      await app.limits.take(`transfer-participants:operator:${operator.id}`, TRANSFER_LIMITS.participantsPerMinute, 60_000);
      return service.participants(operator, params.session_id);
    },
  );

  app.rpc(
    TRANSFER_ROUTE,
    { summary: 'Passes a conversation to an operator of its channel or to another channel; who has it now', params: TransferParams, result: TransferResultSchema, authorize },
    async (params, request) => service.transfer(await changing(request), params),
  );

  app.rpc(
    INVITE_ROUTE,
    { summary: 'Invites a colleague into a conversation beside its operator; the participants', params: InviteParams, result: ParticipantsResultSchema, authorize },
    async (params, request) => service.invite(await changing(request), params),
  );

  app.rpc(
    LEAVE_ROUTE,
    { summary: 'Leaves a conversation someone else still serves; the participants', params: OnSessionParams, result: ParticipantsResultSchema, authorize },
    async (params, request) => service.leave(await changing(request), params.session_id),
  );
}
