import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RpcError } from '../../core/rpc/errors.js';
import type { OperatorRow } from '../../core/db/tables.js';

/** The caller is logged in but is not an administrator. */
export class AdminOnlyError extends RpcError {
  constructor() {
    super('Only administrators may manage operators and channels', 'access_error', undefined, 'livechat.AccessError');
  }
}

/** The channel an admin names does not exist. */
export class ChannelNotFoundError extends RpcError {
  constructor() {
    super('This livechat channel does not exist', 'missing_error', undefined, 'livechat.MissingError');
  }
}

/** The check of admin routes: the logged-in operator, if an administrator. */
export function adminOnly(app: FastifyInstance): (request: FastifyRequest) => Promise<OperatorRow> {
  return async (request) => {
    const operator = await app.requireOperator(request);
    if (!operator.is_admin) throw new AdminOnlyError();
    return operator;
  };
}
