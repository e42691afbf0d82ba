/**
 * Who answers a new conversation (issue 26; README "Routing and capacity"). One rule, used by every path
 * that hands a conversation to an operator: a new chat, the queue, a transfer to a channel, and the
 * reassignment of an unanswered chat.
 *
 * 1. Only operators with room take a conversation: no capacity (no limit), or fewer open conversations
 *    than their capacity; operators the caller excludes are left out.
 * 2. The visitor's previous operator (SPEC.md's 7-day cookie), when among them, whatever the others' room.
 * 3. Otherwise, when some of them speak the visitor's language, only those.
 * 4. Among those, the most free capacity: capacity minus load (capacity.ts: open conversations against a
 *    capacity, active ones without). A no-limit operator counts
 *    as if their capacity were the largest capacity among those (0 when nobody has one), so they
 *    compare with the others by load and neither always win nor always lose; with nobody limited, as by
 *    default, this is SPEC.md's "fewest active conversations".
 * 5. Ties are drawn at random.
 */
import type { AvailableOperator } from '../store/store.js';
import { primaryLanguage } from '../../../protocol/language-tag.js';

/** What the visitor brings to the choice of an operator. */
export interface RoutingPreferences {
  /** The operator of the visitor's previous conversation (SPEC.md's cookie, within 7 days). */
  previousOperatorId?: number;
  /** The visitor's language, any tag (`fr-BE`); only its primary subtag counts. */
  language?: string;
  /** Operators not to choose (those a conversation already went to). */
  exclude?: ReadonlySet<number>;
}

/** Whether the operator may take one more conversation in the channel. */
export function hasFreeCapacity(operator: AvailableOperator): boolean {
  return operator.capacity === null || operator.load < operator.capacity;
}

/** Each candidate's free capacity as step 4 of the rule defines it. */
export function freeCapacities(candidates: readonly AvailableOperator[]): Map<number, number> {
  const ceiling = Math.max(0, ...candidates.map((c) => c.capacity ?? 0));
  return new Map(candidates.map((c) => [c.id, (c.capacity ?? ceiling) - c.load]));
}

/**
 * Chooses who answers by the rule above; undefined when nobody is online or everyone is at capacity (or
 * excluded). `random` returns a number in [0, 1), as Math.random does; tests inject their own.
 */
export function pickOperator(candidates: AvailableOperator[], preferences: RoutingPreferences = {}, random: () => number = Math.random): AvailableOperator | undefined {
  const open = candidates.filter((c) => hasFreeCapacity(c) && !preferences.exclude?.has(c.id));
  if (open.length === 0) return undefined;
  const previous = preferences.previousOperatorId === undefined ? undefined : open.find((c) => c.id === preferences.previousOperatorId);
  if (previous) return previous;
  const language = primaryLanguage(preferences.language);
  const speakers = language === undefined ? [] : open.filter((c) => c.languages.includes(language));
  const eligible = speakers.length > 0 ? speakers : open;
  const free = freeCapacities(eligible);
  const most = Math.max(...eligible.map((c) => free.get(c.id) ?? 0));
  const pool = eligible.filter((c) => free.get(c.id) === most);
  return pool[Math.max(0, Math.min(pool.length - 1, Math.floor(random() * pool.length)))];
}
