import { REPORTS_PER_MINUTE } from '../../../protocol/console/reports.js';
import { SEARCH_LIMITS } from '../../../protocol/console/search.js';
import { parsePositive } from './config-errors.js';

/**
 * Requests per minute and per client address on every visitor route, and operator log-in attempts
 * (README "Security" lists each with its RATE_LIMIT_* variable).
 */
export interface RateLimits {
  init: number;
  getSession: number;
  chatHistory: number;
  chatPost: number;
  typing: number;
  feedback: number;
  pageHistory: number;
  transcript: number;
  offlineMessage: number;
  poll: number;
  upload: number;
  login: number;
  visitorUpdate: number;
  earlierConversations: number;
  visitorCard: number;
  identitySecret: number;
  /** The console's read receipts (an operator route, limited all the same). */
  markSeen: number;
  tags: number;
  /** The console's queue list and takes, per client address; takes also per operator. */
  queue: number;
  /** The console's searches, per client address and per operator. */
  search: number;
  /** The console's reports, per client address and per operator. */
  reports: number;
  /** `GET /api/openapi.json`. */
  openapi: number;
}

export const RATE_LIMIT_DEFAULTS: { [K in keyof RateLimits]: [variable: string, perMinute: number] } = {
  init: ['RATE_LIMIT_INIT', 60],
  getSession: ['RATE_LIMIT_GET_SESSION', 20],
  chatHistory: ['RATE_LIMIT_CHAT_HISTORY', 120],
  chatPost: ['RATE_LIMIT_CHAT_POST', 120],
  typing: ['RATE_LIMIT_TYPING', 240],
  feedback: ['RATE_LIMIT_FEEDBACK', 20],
  pageHistory: ['RATE_LIMIT_PAGE_HISTORY', 60],
  transcript: ['RATE_LIMIT_TRANSCRIPT', 5],
  offlineMessage: ['RATE_LIMIT_OFFLINE_MESSAGE', 5],
  poll: ['RATE_LIMIT_POLL', 600],
  upload: ['RATE_LIMIT_UPLOAD', 20],
  login: ['RATE_LIMIT_LOGIN', 20],
  visitorUpdate: ['RATE_LIMIT_VISITOR_UPDATE', 30],
  earlierConversations: ['RATE_LIMIT_EARLIER_CONVERSATIONS', 30],
  visitorCard: ['RATE_LIMIT_VISITOR_CARD', 240],
  identitySecret: ['RATE_LIMIT_IDENTITY_SECRET', 30],
  markSeen: ['RATE_LIMIT_MARK_SEEN', 240],
  tags: ['RATE_LIMIT_TAGS', 120],
  queue: ['RATE_LIMIT_QUEUE', 120],
  search: ['RATE_LIMIT_SEARCH', SEARCH_LIMITS.perMinute],
  reports: ['RATE_LIMIT_REPORTS', REPORTS_PER_MINUTE],
  openapi: ['RATE_LIMIT_OPENAPI', 30],
};

/** Per-session allowances of the repeatable visitor calls (README "Security"). */
export interface SessionLimits {
  chatPost: number;
  typing: number;
  feedback: number;
  pageHistory: number;
  visitorUpdate: number;
  upload: number;
}

export const SESSION_LIMIT_DEFAULTS: { [K in keyof SessionLimits]: [variable: string, perMinute: number] } = {
  chatPost: ['SESSION_LIMIT_CHAT_POST', 60],
  typing: ['SESSION_LIMIT_TYPING', 120],
  feedback: ['SESSION_LIMIT_FEEDBACK', 10],
  pageHistory: ['SESSION_LIMIT_PAGE_HISTORY', 20],
  visitorUpdate: ['SESSION_LIMIT_VISITOR_UPDATE', 10],
  upload: ['SESSION_LIMIT_UPLOAD', 10],
};

/** Each limit from its variable, or its default. */
export function parseLimits<T extends object>(env: NodeJS.ProcessEnv, defaults: { [K in keyof T]: [string, number] }): T {
  const limits = {} as Record<string, number>;
  for (const [key, [variable, fallback]] of Object.entries(defaults) as [string, [string, number]][]) {
    limits[key] = parsePositive(variable, env[variable], fallback);
  }
  return limits as T;
}

