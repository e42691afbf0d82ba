/** The transfer routes' parameters (console/transfer.ts) as JSON Schemas. */
import Type, { type Static } from 'typebox';
import { TRANSFER_LIMITS } from '../console/transfer.js';
import { Bool, Id, OptionalText } from './params.js';

/** `transfer`: the conversation and exactly one target, an operator or a channel; a note; `confirm` for an operator at capacity. */
export const TransferParams = Type.Object({
  session_id: Id({ description: 'The conversation' }),
  operator_id: Type.Optional(Id({ description: 'The operator to pass it to (one of its channel)' })),
  channel_id: Type.Optional(Id({ description: 'The channel to move it to; one of its available operators takes it' })),
  note: Type.Optional(OptionalText(TRANSFER_LIMITS.noteMax, { description: `For the receiver, who reads it first; at most ${TRANSFER_LIMITS.noteMax} characters; never shown to the visitor` })),
  confirm: Type.Optional(Bool({ description: 'Pass it on even though the operator is at capacity' })),
});
export type TransferParams = Static<typeof TransferParams>;

/** `invite`: the conversation and the colleague (one of its channel). */
export const InviteParams = Type.Object({
  session_id: Id({ description: 'The conversation' }),
  operator_id: Id({ description: 'The colleague to invite' }),
});
export type InviteParams = Static<typeof InviteParams>;

const NamedOperator = Type.Object({ id: Type.Integer(), name: Type.String() });

/** What `transfer_targets` answers. */
export const TransferTargetsSchema = Type.Object({
  operators: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      presence: Type.Union([Type.Literal('online'), Type.Literal('away'), Type.Literal('offline')]),
      load: Type.Integer(),
      capacity: Type.Union([Type.Integer(), Type.Null()]),
      in_conversation: Type.Boolean(),
    }),
  ),
  channels: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), available: Type.Boolean() })),
  participants: Type.Array(NamedOperator),
});

/** What `transfer` answers. */
export const TransferResultSchema = Type.Object({ session_id: Type.Integer(), operator_id: Type.Integer(), operator_name: Type.String(), channel_id: Type.Integer() });

/** What `invite` and `leave` answer. */
export const ParticipantsResultSchema = Type.Object({ session_id: Type.Integer(), participants: Type.Array(NamedOperator) });

/** What `participants` answers. */
export const ConversationParticipantsSchema = Type.Object({ session_id: Type.Integer(), holder: Type.Union([NamedOperator, Type.Null()]), participants: Type.Array(NamedOperator) });
