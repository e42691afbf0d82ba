import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadRefusalReason } from '../../core/metrics/app-metrics.js';
import { UploadError, describeLimit } from './upload-errors.js';
import { addressKey } from '../../core/limits/address.js';

const DAY_MS = 86_400_000;

/** A daily byte budget of uploads: whose, how large, and what a refusal says. */
export interface UploadBudget {
  key: string;
  budget: number;
  reason: Exclude<UploadRefusalReason, 'low_disk'>;
}

/**
 * The budgets of an anonymous visitor's upload: its client address (so new conversations do not start
 * the count again; an IPv6 address by its /64) and the channel (so many addresses together still cannot fill the disk).
 */
export function visitorBudgets(app: FastifyInstance, request: FastifyRequest, channelId: number): UploadBudget[] {
  return [
    { key: `address:${addressKey(request.ip)}`, budget: app.config.visitorUploadAddressDailyBytes, reason: 'address_budget' },
    { key: `channel:${channelId}`, budget: app.config.visitorUploadChannelDailyBytes, reason: 'channel_budget' },
  ];
}

/** The budget of an operator's uploads. */
export function operatorBudgets(app: FastifyInstance, operatorId: number): UploadBudget[] {
  return [{ key: `operator:${operatorId}`, budget: app.config.operatorUploadDailyBytes, reason: 'operator_budget' }];
}

const today = (app: FastifyInstance): number => Math.floor(app.clock.now() / DAY_MS);

const MESSAGES: Record<UploadBudget['reason'], (budget: number) => string> = {
  address_budget: (b) => `No more files can be sent from this address today: at most ${describeLimit(b)} a day`,
  channel_budget: () => 'This chat cannot take more files today, please try again tomorrow',
  operator_budget: (b) => `You cannot send more files today: at most ${describeLimit(b)} a day`,
};

/** The refusal of a spent budget: 429 until the next UTC day, counted in `/metrics`. */
function refusal(app: FastifyInstance, budget: UploadBudget): UploadError {
  app.metrics.uploadsRefused.inc({ reason: budget.reason });
  const retryAfter = Math.max(Math.ceil(((today(app) + 1) * DAY_MS - app.clock.now()) / 1000), 1);
  return new UploadError('upload_quota', 429, MESSAGES[budget.reason](budget.budget), retryAfter);
}

/**
 * Bytes a file may still have today under every budget, and the budget that is tightest. Throws the
 * refusal when one is spent already, before a byte of the file is read.
 */
export async function roomToday(app: FastifyInstance, budgets: readonly UploadBudget[]): Promise<{ room: number; tightest: UploadBudget }> {
  const used = await app.store.uploadUsage.used(budgets.map((b) => b.key), today(app));
  let best: { room: number; tightest: UploadBudget } | undefined;
  for (const budget of budgets) {
    const room = budget.budget - (used.get(budget.key) ?? 0);
    if (!best || room < best.room) best = { room, tightest: budget };
  }
  if (!best) throw new Error('no upload budget given');
  if (best.room <= 0) throw refusal(app, best.tightest);
  return best;
}

/** The refusal for a file larger than the room {@link roomToday} gave. */
export function overBudget(app: FastifyInstance, budget: UploadBudget): UploadError {
  return refusal(app, budget);
}

/**
 * Charges `bytes` to every budget before the file is stored, all or none, and throws the refusal of the
 * first it would pass. Returns what gives the bytes back if storing then fails.
 */
async function chargeToday(app: FastifyInstance, budgets: readonly UploadBudget[], bytes: number): Promise<() => Promise<void>> {
  const day = today(app);
  const refused = await app.store.uploadUsage.reserve(budgets, day, bytes);
  const spent = budgets.find((b) => b.key === refused);
  if (spent) throw refusal(app, spent);
  return () => app.store.uploadUsage.release(budgets.map((b) => b.key), day, bytes);
}

/** Runs `store` with `bytes` charged to today's budgets, and gives them back if storing fails. */
export async function storeCharged<T>(app: FastifyInstance, budgets: readonly UploadBudget[], bytes: number, store: () => Promise<T>): Promise<T> {
  const release = await chargeToday(app, budgets, bytes);
  try {
    return await store();
  } catch (err) {
    await release().catch((cause: unknown) => app.log.warn({ err: cause }, 'giving back the bytes of a failed upload failed'));
    throw err;
  }
}

/** Forgets the tallies of days that ended (yesterday's stays, for a clock a little behind). */
export function pruneUsage(app: FastifyInstance): Promise<void> {
  return app.store.uploadUsage.prune(today(app) - 1);
}
