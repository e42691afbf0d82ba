/** `value` if it is an absolute http(s) URL (or an inline image for the default avatar), else `undefined`. */
export function safeUrl(value: string | undefined | null, allowDataImage = false): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (allowDataImage && /^data:image\/(?:svg\+xml|png|jpeg|gif|webp)[;,]/i.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
