/** Which operators a note's `@name`s mention. */
import type { ChannelMember } from './note-store.js';

/** `@` signs looked at per note at most: past them the text is plain, however many follow. */
const AT_SIGNS_MAX = 200;
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/**
 * The members named as `@<display name>` (case-insensitive, the longest name winning where one begins
 * another, and not followed by a letter or digit), in the order first named, without repeats, at most
 * `max`. A name that is no member of the channel names nobody.
 */
export function mentionedMembers(text: string, members: readonly ChannelMember[], max: number): ChannelMember[] {
  const byLength = members.filter((m) => m.display_name.trim() !== '').sort((a, b) => b.display_name.length - a.display_name.length);
  const lower = text.toLowerCase();
  const found: ChannelMember[] = [];
  let at = lower.indexOf('@');
  for (let seen = 0; at !== -1 && seen < AT_SIGNS_MAX && found.length < max; seen += 1) {
    const start = at + 1;
    const member = byLength.find((m) => {
      const name = m.display_name.toLowerCase();
      return lower.startsWith(name, start) && !WORD_CHARACTER.test(lower.charAt(start + name.length));
    });
    if (member && !found.some((f) => f.id === member.id)) found.push(member);
    at = lower.indexOf('@', start);
  }
  return found;
}
