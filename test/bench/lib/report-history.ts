/**
 * The reports scenario's history: seeded conversations (who opened, wrote, answered, passed on, closed
 * and rated, when) and what the reports' fact writers store for them. The seeder applies the writers'
 * rules in memory (deltasOf, ratingDeltas, dayOf, businessMillis are theirs) instead of replaying a
 * million conversations through the server; test/server/features/reports/bench-history.test.ts replays a
 * small history through the real writers and compares.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BusinessHours } from '../../../src/protocol/business-hours.js';
import { deltasOf, ratingDeltas } from '../../../src/server/features/reports/report-events.js';
import type { DailyDelta, NewReportEvent } from '../../../src/server/features/reports/report-store.js';
import { businessMillis, dayOf } from '../../../src/server/features/reports/report-writers.js';

/** One change of a conversation, at `at` (ms). */
export type Step =
  | { type: 'visitor'; at: number }
  | { type: 'operator'; at: number; operator: number }
  | { type: 'assign'; at: number; from: number | null; to: number }
  | { type: 'close'; at: number }
  | { type: 'rate'; at: number; rate: number };

/** A conversation from its opening, or a visitor refused (no conversation). */
export interface Conversation {
  channel: number;
  at: number;
  kind: 'assigned' | 'queued' | 'offline' | 'refused';
  operator: number | null;
  language: string | null;
  steps: Step[];
}

/** A channel of the seed: its members (operator indexes) and its schedule, if any. */
export interface SeedChannel {
  members: number[];
  hours?: BusinessHours;
}

/** mulberry32: a small seeded generator, so both engines (and the check) get the same history. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SECOND = 1000;
const LANGUAGES = ['en', 'fr', 'ar', 'de', null];

/** A duration in whole seconds between `min` and `max` seconds, most of them short (log-uniform). */
function duration(rnd: () => number, min: number, max: number): number {
  return Math.round(min * (max / min) ** rnd()) * SECOND;
}

/** Conversation `index` of `total`, spread evenly over [start, end): the same for any caller. */
export function conversationAt(channels: readonly SeedChannel[], index: number, total: number, start: number, end: number): Conversation {
  const rnd = random(index * 2654435761 + 27);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const channel = Math.floor(rnd() * channels.length);
  const members = (channels[channel] as SeedChannel).members;
  const at = start + Math.floor(((end - start) / total) * index / SECOND) * SECOND;
  const roll = rnd();
  const kind = roll < 0.02 ? 'refused' : roll < 0.06 ? 'offline' : roll < 0.2 ? 'queued' : 'assigned';
  const conversation: Conversation = { channel, at, kind, operator: kind === 'assigned' ? pick(members) : null, language: pick(LANGUAGES), steps: [] };
  if (kind === 'refused' || kind === 'offline') return conversation;
  let t = at;
  let holder = conversation.operator;
  const step = (s: Step) => conversation.steps.push(s);
  if (kind === 'queued') {
    if (rnd() < 0.5) step({ type: 'visitor', at: (t += duration(rnd, 2, 60)) });
    if (rnd() < 0.1) {
      step({ type: 'close', at: t + duration(rnd, 60, 1800) });
      return conversation;
    }
    holder = pick(members);
    step({ type: 'assign', at: (t += duration(rnd, 5, 1200)), from: null, to: holder });
  }
  const cycles = 1 + Math.floor(rnd() * 4);
  const neverAnswered = rnd() < 0.05;
  for (let c = 0; c < cycles; c++) {
    step({ type: 'visitor', at: (t += duration(rnd, 2, 300)) });
    if (rnd() < 0.3) step({ type: 'visitor', at: (t += duration(rnd, 2, 60)) });
    if (neverAnswered && c === cycles - 1) break;
    step({ type: 'operator', at: (t += duration(rnd, 3, 900)), operator: holder as number });
    if (rnd() < 0.2) step({ type: 'operator', at: (t += duration(rnd, 2, 60)), operator: holder as number });
    if (c === 0 && members.length > 1 && rnd() < 0.06) {
      const to = pick(members.filter((m) => m !== holder));
      step({ type: 'assign', at: (t += duration(rnd, 5, 120)), from: holder, to });
      holder = to;
    }
  }
  step({ type: 'close', at: (t += duration(rnd, 30, 3 * 3600)) });
  if (rnd() < 0.3) {
    step({ type: 'rate', at: (t += duration(rnd, 2, 600)), rate: pick([5, 5, 5, 3, 1]) });
    if (rnd() < 0.05) step({ type: 'rate', at: t + duration(rnd, 2, 60), rate: pick([5, 3, 1]) });
  }
  return conversation;
}

/** The writers' schedule reads, made cheap for millions of calls but answering exactly as theirs. */
export interface HoursOracle {
  day(channel: number, at: number): string;
  business(channel: number, from: number, to: number): number;
}

/** Ranges open and close on whole local minutes and zones move by whole quarter hours: both are exact. */
export function hoursOracle(channels: readonly SeedChannel[], start: number, end: number, cacheDir?: string): HoursOracle {
  const SLOT = 15 * 60 * SECOND;
  const MINUTE = 60 * SECOND;
  const days = channels.map(() => new Map<number, string>());
  const first = Math.floor(start / MINUTE) - 24 * 60;
  const minutes = Math.ceil(end / MINUTE) + 3 * 24 * 60 - first;
  // Per channel with hours: open milliseconds from the first minute to the start of each minute.
  const prefix = channels.map((c) => (c.hours ? openPrefix(c.hours, first * MINUTE, minutes, cacheDir) : undefined));
  const open = (channel: number, at: number): number => {
    const p = prefix[channel] as Float64Array;
    const m = Math.floor(at / MINUTE) - first;
    if (m < 0 || m + 1 >= p.length) return businessMillis(channels[channel]?.hours, first * MINUTE, at);
    const within = (p[m + 1] as number) - (p[m] as number) === MINUTE ? at - (m + first) * MINUTE : 0;
    return (p[m] as number) + within;
  };
  return {
    day(channel, at) {
      const hours = channels[channel]?.hours;
      if (!hours) return new Date(at).toISOString().slice(0, 10);
      const slot = Math.floor(at / SLOT);
      const cache = days[channel] as Map<number, string>;
      let d = cache.get(slot);
      if (d === undefined) cache.set(slot, (d = dayOf(hours, slot * SLOT)));
      return d;
    },
    business(channel, from, to) {
      if (!channels[channel]?.hours) return Math.max(0, to - from);
      return to <= from ? 0 : open(channel, to) - open(channel, from);
    },
  };
}

/**
 * Cumulative open time per minute, found by halving spans that are partly open (few per day). The open
 * minutes depend only on the schedule and the span, so `cacheDir` keeps them between runs.
 */
function openPrefix(hours: BusinessHours, from: number, minutes: number, cacheDir?: string): Float64Array {
  const MINUTE = 60 * SECOND;
  const file = cacheDir && path.join(cacheDir, `open-${createHash('sha256').update(JSON.stringify([hours, from, minutes])).digest('hex').slice(0, 24)}.bin`);
  let openMinute: Uint8Array;
  if (file && fs.existsSync(file)) openMinute = new Uint8Array(fs.readFileSync(file));
  else {
    openMinute = openMinutes(hours, from, minutes);
    if (file) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, openMinute);
    }
  }
  const prefix = new Float64Array(minutes + 1);
  for (let m = 0; m < minutes; m++) prefix[m + 1] = (prefix[m] as number) + (openMinute[m] as number) * MINUTE;
  return prefix;
}

function openMinutes(hours: BusinessHours, from: number, minutes: number): Uint8Array {
  const MINUTE = 60 * SECOND;
  const openMinute = new Uint8Array(minutes);
  const fill = (lo: number, hi: number): void => {
    const got = businessMillis(hours, from + lo * MINUTE, from + hi * MINUTE);
    if (got === 0) return;
    if (got === (hi - lo) * MINUTE) {
      openMinute.fill(1, lo, hi);
      return;
    }
    if (hi - lo === 1) throw new Error('a schedule boundary inside a minute');
    const mid = (lo + hi) >> 1;
    fill(lo, mid);
    fill(mid, hi);
  };
  for (let h = 0; h < minutes; h += 60) fill(h, Math.min(minutes, h + 60));
  return openMinute;
}

/** What the writers store for one conversation: its events and its aggregate changes. */
export interface Written {
  events: NewReportEvent[];
  deltas: DailyDelta[];
}

/**
 * The events and aggregate changes the fact writers (features/reports/report-writers.ts) make for a
 * conversation. `sessionId` is the conversation's id; `operatorIds`/`channelIds` map seed indexes to rows.
 */
export function written(c: Conversation, sessionId: number, ids: { channels: readonly number[]; operators: readonly number[] }, hours: HoursOracle): Written {
  const out: Written = { events: [], deltas: [] };
  const channelId = ids.channels[c.channel] as number;
  const op = (o: number | null): number => (o === null ? 0 : (ids.operators[o] as number));
  const record = (kind: string, operator: number | null, at: number, extra: { since?: number; detail?: string | null; language?: string | null; session?: boolean } = {}) => {
    const timed = extra.since !== undefined;
    const event: NewReportEvent = {
      session_id: extra.session === false ? null : sessionId,
      channel_id: channelId,
      operator_id: op(operator),
      kind,
      detail: extra.detail ?? null,
      language: extra.language ?? null,
      at,
      day: hours.day(c.channel, at),
      wall_ms: timed ? Math.max(0, at - extra.since!) : null,
      business_ms: timed ? hours.business(c.channel, extra.since!, at) : null,
    };
    out.events.push(event);
    out.deltas.push(...deltasOf(event));
  };
  if (c.kind === 'refused') {
    record('missed', null, c.at, { detail: 'nobody_available', session: false });
    return out;
  }
  record('created', c.operator, c.at, { detail: c.kind, language: c.language });
  if (c.kind === 'offline') {
    record('missed', c.operator, c.at, { detail: 'nobody_available' });
    return out;
  }
  let holder = c.operator;
  let pending: number | null = null;
  let firstVisitor: number | null = null;
  let firstReply: number | null = null;
  let rating: { operator: number | null; day: string; rate: number } | undefined;
  for (const s of c.steps) {
    if (s.type === 'visitor') {
      pending ??= s.at;
      firstVisitor ??= s.at;
    } else if (s.type === 'operator') {
      if (pending === null) continue;
      if (firstReply === null) record('first_response', s.operator, s.at, { since: pending });
      record('reply', s.operator, s.at, { since: pending });
      firstReply ??= s.at;
      pending = null;
    } else if (s.type === 'assign') {
      if (s.from !== null) record('transfer', s.from, s.at, { detail: String(op(s.to)) });
      else if (c.kind === 'queued') record('queue_wait', s.to, s.at, { since: c.at });
      holder = s.to;
    } else if (s.type === 'close') {
      record('resolved', holder, s.at, { since: c.at });
      if (holder === null) record('missed', null, s.at, { detail: 'nobody_available' });
      else if (firstVisitor !== null && firstReply === null) record('missed', holder, s.at, { detail: 'never_answered' });
    } else {
      const day = hours.day(c.channel, s.at);
      const credited = rating?.operator ?? holder;
      out.events.push({ session_id: sessionId, channel_id: channelId, operator_id: op(credited), kind: 'rating', detail: String(s.rate), language: null, at: s.at, day, wall_ms: null, business_ms: null });
      const previous = rating ? { rate: rating.rate, day: rating.day } : undefined;
      out.deltas.push(...ratingDeltas({ channel_id: channelId, operator_id: op(credited) }, previous, s.rate, day));
      rating = { operator: credited, day: rating?.day ?? day, rate: s.rate };
    }
  }
  return out;
}
