import type { FastifyInstance } from 'fastify';
import type { OperatorRow } from '../../core/db/tables.js';
import type { PollCallers } from '../../core/bus/poll-route.js';
import { readableChannels } from './poll-authorization.js';

/**
 * The bus poll's callers as the chat knows them: a logged-in operator (its poll refreshes its presence
 * and records its activity) or a visitor (anonymous, reading its session's channel by uuid). Read at
 * each poll, so the decorations they use may come after the poll route's registration.
 */
export function operatorPollCallers(app: FastifyInstance): PollCallers<OperatorRow> {
  return {
    identify: (request) => app.currentOperator(request),
    readableChannels: (requested, operator) => readableChannels(app.store, requested, operator),
    recordActivity: (operator, lastActive) => app.store.recordOperatorActivity(operator.id, lastActive),
    // Init's availability answers are cached: an operator leaving or ending "away" must not wait for the cache window.
    awayChanged: () => app.availability.forget(),
  };
}
