import { parse } from 'bowser';
import type { SoftwareName } from '../../../protocol/visitor.js';

/** The visitor's browser and operating system, read from its User-Agent when the card is built. */
export function softwareOf(userAgent: string | null): { browser: SoftwareName | null; os: SoftwareName | null } {
  if (!userAgent) return { browser: null, os: null };
  const parsed = parse(userAgent);
  const name = (part: { name?: string; version?: string; versionName?: string }): SoftwareName | null =>
    part.name ? { name: part.name, version: part.versionName ?? part.version ?? null } : null;
  return { browser: name(parsed.browser), os: name(parsed.os) };
}
