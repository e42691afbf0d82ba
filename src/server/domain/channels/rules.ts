import { RE2JS } from 're2js';
import { PAGE_URL_MAX, type LivechatRule } from '../../../protocol/livechat.js';
import type { ChannelRow } from '../../core/db/tables.js';
import { patternCostProblem } from './pattern-cost.js';

/** Longest URL pattern an administrator may save. */
export const URL_PATTERN_MAX = 200;

// A linear-time engine (RE2 semantics, no backtracking): the subject is the visitor's page address,
// which an attacker chooses, so a pattern like `^(a+)+$` must not be able to stall the server.
const compiled = new Map<string, RE2JS | null>();
const COMPILED_MAX = 1000;

function compile(pattern: string): RE2JS | null {
  const known = compiled.get(pattern);
  if (known !== undefined) return known;
  let re: RE2JS | null = null;
  // A pattern saved before its cost was bounded matches nothing rather than slowing every init.
  if (patternCostProblem(pattern) === undefined) {
    try {
      re = RE2JS.compile(pattern);
    } catch {
      re = null;
    }
  }
  if (compiled.size >= COMPILED_MAX) compiled.clear();
  compiled.set(pattern, re);
  return re;
}

/** Why `pattern` cannot be a channel's URL pattern (too long, too costly, or outside the RE2 syntax), or undefined. */
export function urlPatternProblem(pattern: string): string | undefined {
  if (pattern.length > URL_PATTERN_MAX) return `must be at most ${URL_PATTERN_MAX} characters`;
  const costly = patternCostProblem(pattern);
  if (costly) return costly;
  if (compile(pattern) === null) return 'is not a valid regular expression (RE2 syntax: no back-references or look-arounds)';
  return undefined;
}

/** Does the page address match the pattern? Linear in the (capped) address length. */
export function urlMatches(pattern: string, pageUrl: string): boolean {
  const re = compile(pattern);
  return re !== null && re.matcher(pageUrl.slice(0, PAGE_URL_MAX)).find();
}

/**
 * The channel's rule as `/im_livechat/init` answers it (PROTOCOL.md §3.2, §11.3): it applies when it has
 * no URL pattern or when the pattern is found in the page address; otherwise `{}`.
 */
export function matchRule(channel: ChannelRow, pageUrl: string | undefined): LivechatRule | Record<string, never> {
  const pattern = channel.rule_url_pattern;
  if (pattern && !urlMatches(pattern, pageUrl ?? '')) return {};
  return { action: channel.rule_action, auto_popup_timer: channel.auto_popup_timer, regex_url: pattern ?? false };
}
