import { RpcError } from '../../core/rpc/errors.js';
import { TRANSFER_REFUSED, type TransferRefusal } from '../../../protocol/console/transfer.js';

const MESSAGES: Record<TransferRefusal, string> = {
  closed: 'This conversation is closed',
  moved: 'This conversation changed hands meanwhile',
  no_access: 'This operator has no access to the conversation’s channel',
  at_capacity: 'This operator is at capacity; confirm to transfer anyway',
  nobody_available: 'Nobody is available in this channel',
  same_operator: 'This operator already has the conversation',
  already_in: 'This operator is already in the conversation',
  alone: 'Nobody else would remain in the conversation',
  not_in: 'You are not in this conversation',
  too_many: 'This conversation has as many operators as it may',
};

/** A transfer, invitation or leave the rules refuse; `data.name` says why (`livechat.TransferRefused.<reason>`). */
export class TransferRefusedError extends RpcError {
  constructor(readonly reason: TransferRefusal) {
    super(MESSAGES[reason], 'user_error', undefined, `${TRANSFER_REFUSED}.${reason}`);
  }
}
