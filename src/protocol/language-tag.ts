/**
 * Language tags as the widget, the console and the server meet them: `fr_FR` (servers), `fr-FR`
 * (BCP 47), `fr`, `FR`, `sr@latin`, or an untrusted attribute such as "??". Parsed here and in
 * canonical-tag.ts only.
 */

/** The primary language subtag (`fr` of `fr_BE`), lower case; undefined for anything that is no tag. */
export function primaryLanguage(tag: unknown): string | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.trim().split(/[-_@.]/)[0]?.toLowerCase();
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : undefined;
}
