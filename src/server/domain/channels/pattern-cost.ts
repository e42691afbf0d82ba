/** Largest count of one counted repeat (`{n}`, `{n,m}`) in a URL pattern; RE2 itself allows 1000. */
export const URL_PATTERN_REPEAT_MAX = 100;
/**
 * Largest size of a URL pattern once its counted repeats are written out, in atoms: above the 200 a
 * pattern without repeats can have, RE2's cost grows faster than the size (250 atoms: about 2 ms per
 * compile and match of a 2 KB address; 900: about 45 ms).
 */
export const URL_PATTERN_EXPANDED_MAX = 250;

const REPEAT = /^\{(\d+)(?:(,)(\d*))?\}/;
const GROUP_PREFIX = /^\?(?:P?<[^>]*>|[a-zA-Z-]*:?)/;

/** The length of the atom that starts `pattern` at `i`: an escape, a class or one character. */
function atomEnd(pattern: string, i: number): number {
  if (pattern[i] === '\\') {
    // `\p{Greek}`, `\x{263a}` and the like end at their brace.
    if (/[pPx]/.test(pattern[i + 1] ?? '') && pattern[i + 2] === '{') return Math.max(pattern.indexOf('}', i), i + 2) + 1;
    return i + 2;
  }
  if (pattern[i] !== '[') return i + 1;
  let j = i + 1;
  if (pattern[j] === '^') j += 1;
  if (pattern[j] === ']') j += 1;
  while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
  return j + 1;
}

/**
 * What compiling and matching `pattern` costs, as its size once counted repeats are written out
 * (`(a{10}){10}` is 100 atoms): RE2 runs in time linear in the address but proportional to that size,
 * so a 200-character pattern of large counted repeats would cost hundreds of milliseconds per init.
 * Returns the largest single count too. An estimate on the text: a pattern RE2 refuses is refused anyway.
 */
export function patternCost(pattern: string): { expanded: number; largestRepeat: number } {
  const frames: number[][] = [[]];
  let largestRepeat = 0;
  let i = 0;
  while (i < pattern.length) {
    const frame = frames[frames.length - 1]!;
    const c = pattern[i]!;
    const repeat = c === '{' ? REPEAT.exec(pattern.slice(i)) : null;
    if (repeat) {
      const count = repeat[3] ? Number(repeat[3]) : Number(repeat[1]) + (repeat[2] ? 1 : 0);
      largestRepeat = Math.max(largestRepeat, count);
      if (frame.length > 0) frame[frame.length - 1]! *= count;
      i += repeat[0].length;
    } else if (c === '(') {
      frames.push([]);
      // `(?:`, `(?i)`, `(?P<name>` open a group without adding an atom.
      i += 1 + (GROUP_PREFIX.exec(pattern.slice(i + 1))?.[0].length ?? 0);
    } else if (c === ')' && frames.length > 1) {
      const group = frames.pop()!;
      frames[frames.length - 1]!.push(group.reduce((a, b) => a + b, 0));
      i += 1;
    } else if (c === '|' || c === '*' || c === '+' || c === '?' || c === '^' || c === '$') {
      i += 1;
    } else {
      frame.push(1);
      i = atomEnd(pattern, i);
    }
  }
  const expanded = frames.flat().reduce((a, b) => a + b, 0);
  return { expanded, largestRepeat };
}

/** Why `pattern` would cost too much to match, or undefined. */
export function patternCostProblem(pattern: string): string | undefined {
  const { expanded, largestRepeat } = patternCost(pattern);
  if (largestRepeat > URL_PATTERN_REPEAT_MAX) return `repeats too much: a counted repeat such as {n} may count at most ${URL_PATTERN_REPEAT_MAX}`;
  if (expanded > URL_PATTERN_EXPANDED_MAX) return `is too large once its repeats are written out (about ${expanded} characters; at most ${URL_PATTERN_EXPANDED_MAX})`;
  return undefined;
}
