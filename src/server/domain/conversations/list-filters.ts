import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { OperatorRow } from '../../core/db/tables.js';
import type { ConversationListParams } from '../../../protocol/schemas/console-params.js';
import type { SessionCondition } from './conversation-store.js';

/**
 * A feature's narrowing of the console's conversation list: reads its own field of the list's parameters
 * and answers the condition to apply, or undefined when that field was not given.
 */
export type ConversationListFilter = (params: ConversationListParams, operator: OperatorRow) => SessionCondition | undefined;

declare module 'fastify' {
  interface FastifyInstance {
    /** The list's filters; a feature adds its own when it registers. */
    conversationListFilters: ConversationListFilter[];
  }
}

/** Decorates `app.conversationListFilters`, empty: the list names no feature, each filter registers itself. */
export const conversationListFiltersPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('conversationListFilters', [] as ConversationListFilter[]);
  },
  { name: 'conversation-list-filters' },
);
