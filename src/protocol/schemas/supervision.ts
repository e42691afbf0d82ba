/** The supervision routes' parameters and answers (console/supervision.ts) as JSON Schemas. */
import Type, { type Static } from 'typebox';
import { CHANNEL_ROLE_CHOICES } from '../console/supervision.js';
import { Id, OneOf } from './params.js';

/** `set_channel_role`: the channel, the operator and what it becomes there. */
export const SetChannelRoleParams = Type.Object({
  channel_id: Id({ description: 'The channel' }),
  operator_id: Id({ description: 'The operator' }),
  role: OneOf(CHANNEL_ROLE_CHOICES, 'role must be "none", "operator" or "supervisor"', {
    description: '`operator`, `supervisor`, or `none` to take the operator out of the channel',
  }),
});
export type SetChannelRoleParams = Static<typeof SetChannelRoleParams>;

const RoleSchema = Type.Union([Type.Literal('operator'), Type.Literal('supervisor')]);

/** A channel's members and their roles. */
export const ChannelMembersSchema = Type.Array(Type.Object({ operator_id: Type.Integer(), role: RoleSchema }));

/** The channels the caller supervises. */
export const SupervisedChannelsSchema = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));

const StatusSchema = Type.Union([Type.Literal('open'), Type.Literal('waiting'), Type.Literal('snoozed'), Type.Literal('resolved')]);

/** The supervision screen of one channel. */
export const SupervisionSnapshotSchema = Type.Object({
  channel_id: Type.Integer(),
  conversations: Type.Array(
    Type.Object({
      session_id: Type.Integer(),
      visitor_label: Type.String(),
      operator: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
      status: StatusSchema,
      created_at: Type.Integer(),
      waiting_since: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  operators: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      role: RoleSchema,
      presence: Type.Union([Type.Literal('online'), Type.Literal('away'), Type.Literal('offline')]),
      load: Type.Integer(),
      capacity: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  now: Type.Integer(),
});
