/**
 * Language tags as the widget, the console and the server meet them: `fr_FR` (servers), `fr-FR`
 * (BCP 47), `fr`, `FR`, `sr@latin`, or an untrusted attribute such as "??". Parsed here only.
 */

/** The primary language subtag (`fr` of `fr_BE`), lower case; undefined for anything that is no tag. */
export function primaryLanguage(tag: unknown): string | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.trim().split(/[-_@.]/)[0]?.toLowerCase();
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : undefined;
}

/**
 * A tag in BCP 47 canonical form (`fr_be` → `fr-BE`: servers spell tags with an underscore, which Intl
 * refuses), or undefined when it is no language tag.
 */
export function canonicalTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag.trim().replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}
