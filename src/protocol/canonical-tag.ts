/**
 * BCP 47 canonical form of a language tag. A module apart from language-tag.ts: the loader reads primary
 * subtags only, and a module the loader imports ships whole with it, even what only lazy chunks use.
 */

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
