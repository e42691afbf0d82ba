import fp from 'fastify-plugin';
import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BusNotification } from '../../../protocol/livechat.js';
import type { BusNotificationRow } from '../db/tables.js';
import { AnyJson, ERROR_KIND, ERROR_MESSAGES } from '../schemas/params.js';
import { Wakeups } from './wakeups.js';
import { HeldPoll, type PollShared } from './held-poll.js';
import { AWAY_AFTER_MS, lastActivityFrom } from './presence.js';
import { readRetryingOnce } from '../db/connection-errors.js';
import { POLL_ROUTE } from '../../../protocol/routes.js';

/** Settings of {@link busPollRoutes}. */
export interface BusPollOptions {
  /** How long a poll is held when nothing is new (PROTOCOL.md §4.1: 50 s; the client gives up at 60 s). */
  holdMs?: number;
  /**
   * Each hold is shortened by a random part of this fraction (default 0.1: held 45 to 50 s). Polls that
   * started together (a bench, a page of visitors arriving at once) would otherwise time out together
   * every hold, and thousands of empty answers and new polls at the same instant stall everything else
   * for hundreds of milliseconds; PROTOCOL.md §4.1 holds "up to" 50 s.
   */
  holdSpread?: number;
  /** Replay window of a first poll (`last = 0`), PROTOCOL.md §4.1. */
  firstPollWindowMs?: number;
  /** Notifications are kept this long, so a client away for hours resumes from `last` with nothing lost. */
  retentionMs?: number;
  /** How often old notifications are deleted. */
  gcEveryMs?: number;
  /**
   * Who polls and what it may read; given by the application, which knows its accounts. Without
   * them, every caller is anonymous and nothing is readable.
   */
  callers?: PollCallers<PollCaller>;
}

/** A signed-in caller of the poll route, as the application identifies it. */
export interface PollCaller {
  readonly id: number;
  /** The last user activity its polls reported (epoch ms), null before the first report. */
  readonly last_active: number | null;
}

/**
 * What the poll route asks the application about its callers. Methods, so an application's own caller
 * type (a richer row) is accepted where {@link PollCaller} is expected.
 */
export interface PollCallers<C extends PollCaller> {
  /** The signed-in caller of the request (its presence refreshed), or null for an anonymous one. */
  identify(request: FastifyRequest): Promise<C | null>;
  /** Which of the requested channels the caller (null: anonymous) may read. */
  readableChannels(requested: string[], caller: C | null): Promise<string[]>;
  /** Stores the last activity a signed-in caller's poll reported (`bus_inactivity`). */
  recordActivity(caller: C, lastActive: number): Promise<void>;
  /** Called when a reported activity moves a caller into or out of "away", which changes who can answer. */
  awayChanged(): void;
}

const ANONYMOUS: PollCallers<PollCaller> = {
  identify: async () => null,
  readableChannels: async () => [],
  recordActivity: async () => undefined,
  awayChanged: () => undefined,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The held polls of this process, waiting for their channels (tests read its size). */
    busWakeups: Wakeups;
  }
}

const DEFAULTS: Required<BusPollOptions> = {
  holdMs: 50_000,
  holdSpread: 0.1,
  firstPollWindowMs: 50_000,
  retentionMs: 24 * 3600_000,
  gcEveryMs: 3600_000,
  callers: ANONYMOUS,
};

/** A hold of `holdMs` shortened by a random part of `spread` (see BusPollOptions.holdSpread). */
export function holdFor(holdMs: number, spread: number, random: () => number = Math.random): number {
  return Math.round(holdMs * (1 - Math.min(Math.max(spread, 0), 1) * random()));
}

/** Most rows one answer carries; the client polls again at once for the rest. */
const MAX_ROWS = 500;

function toWire(row: BusNotificationRow): BusNotification {
  let message: unknown;
  try {
    message = JSON.parse(row.message);
  } catch {
    message = {};
  }
  return { id: Number(row.id), channel: row.channel, message: message as BusNotification['message'] };
}

/** The call's params (PROTOCOL.md §4.1); a wrong type gets the errors the Odoo bus gives. */
const PollParams = Type.Object({
  channels: Type.Optional(
    Type.Unsafe<string[] | null>({
      type: ['array', 'null'],
      // Any strings: a channel the caller may not read (a malformed name included) is left out, not refused.
      items: { type: 'string' },
      description: 'The channels to read; those the caller may not read are left out',
      [ERROR_MESSAGES]: { default: 'bus.Bus only string channels are allowed.' },
      [ERROR_KIND]: { name: 'builtins.Exception', exception_type: 'user_error' },
    }),
  ),
  last: Type.Optional(
    Type.Unsafe<number | null>({
      type: ['integer', 'null'],
      minimum: 0,
      // A notification id is a database integer that JavaScript reads exactly; beyond that it is no id.
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'The newest notification id already received; 0 replays the last 50 s',
      [ERROR_MESSAGES]: { default: 'last must be a non-negative integer' },
      [ERROR_KIND]: { name: 'livechat.UserError', exception_type: 'validation_error' },
    }),
  ),
  options: Type.Optional(AnyJson('`{bus_inactivity}`: milliseconds since the operator’s last activity; read leniently (bus/presence.ts)')),
});

const NotificationSchema = Type.Object({ id: Type.Integer(), channel: Type.String(), message: Type.Unknown({ description: 'The payload' }) });

/**
 * `/longpolling/poll` (PROTOCOL.md §4.1, issue 4): answers at once with every readable notification
 * newer than `last` (the last 50 s when `last` is 0), else holds the request until a publish on one of
 * its channels, the hold time, or the client's disconnect. A wake-up that finds nothing new (another
 * process's NOTIFY for rows this client already has, a wake-all after a LISTEN reconnect) keeps waiting
 * for the rest of the hold instead of answering `[]`. A signed-in caller's poll records its presence and
 * the activity `bus_inactivity` reports. Also deletes notifications past retention.
 */
export const busPollRoutes = fp(
  async (app: FastifyInstance, opts: BusPollOptions) => {
    const o = { ...DEFAULTS, ...opts };
    const wakeups = new Wakeups(app.bus.events);
    if (!app.hasDecorator('busWakeups')) app.decorate('busWakeups', wakeups);
    // Ended before the server stops, so shutting down never waits for held polls.
    app.addHook('preClose', async () => wakeups.dispose());

    // A held poll that loses its connection reads again rather than failing: it is kept, and answered
    // with what it was woken for. A database that stays away fails it (503); the client keeps `last`.
    const read = async (channels: readonly string[], last: number): Promise<BusNotification[]> => {
      const rows = await readRetryingOnce(() =>
        last === 0
          ? app.busStore.listNotifications({ channels, since: app.clock.now() - o.firstPollWindowMs, limit: MAX_ROWS })
          : app.busStore.listNotifications({ channels, afterId: last, limit: MAX_ROWS }),
      );
      return rows.map(toWire);
    };
    const delivered = app.hasDecorator('metrics') ? app.metrics.busDelivered : undefined;
    const shared: PollShared = { wakeups, read, answered: delivered && ((count) => delivered.inc(count)) };

    // Looks up the caller and its readable channels, then starts the poll's wait and first read.
    const prepare = async (poll: HeldPoll, request: FastifyRequest, requested: string[], options: unknown): Promise<void> => {
      // A signed-in caller's poll marks it online (identify refreshes its presence).
      const caller = await o.callers.identify(request);
      const lastActive = caller ? lastActivityFrom(options, app.clock.now()) : undefined;
      if (caller && lastActive !== undefined) {
        await o.callers.recordActivity(caller, lastActive);
        const awayBefore = caller.last_active !== null && caller.last_active < app.clock.now() - AWAY_AFTER_MS;
        // Leaving or ending "away" changes who can answer: nobody may wait for a cache window.
        if (awayBefore !== lastActive < app.clock.now() - AWAY_AFTER_MS) o.callers.awayChanged();
      }
      const channels = await o.callers.readableChannels(requested, caller);
      if (channels.length === 0) poll.finish([]);
      else poll.start(channels, holdFor(o.holdMs, o.holdSpread));
    };

    // Visitors poll from the host page's origin, so the route is a CORS visitor route (PROTOCOL.md §1.4).
    // Not an async handler: the poll is the deferred answer, so a held poll keeps no suspended frame.
    // Its request line is at debug: every open widget polls all the time, and the lines would drown the rest.
    app.visitorRpc(
      POLL_ROUTE,
      {
        summary: 'Notifications newer than `last` on the readable channels, held up to 50 s while there are none',
        params: PollParams,
        result: Type.Array(NotificationSchema),
        config: { requestLogLevel: 'debug', rateLimit: { max: app.config.rateLimits.poll, timeWindow: 60_000 } },
      },
      (params, request, reply) => {
        const channels = params.channels ?? [];
        const options = params.options;
        // Everything needed is in hand: a held poll must not keep the parsed envelope alive for the hold.
        request.body = undefined;
        const poll = new HeldPoll(shared, params.last ?? 0, reply);
        prepare(poll, request, channels, options).catch((err: unknown) => poll.fail(err));
        return poll;
      },
    );

    const gc = setInterval(() => {
      app.busStore.deleteNotificationsBefore(app.clock.now() - o.retentionMs).catch((err: unknown) => app.log.warn({ err }, 'bus garbage collection failed'));
    }, o.gcEveryMs);
    gc.unref();
    app.addHook('onClose', async () => clearInterval(gc));
  },
  { name: 'bus-poll', dependencies: ['bus-publisher', 'clock', 'cors'] },
);
