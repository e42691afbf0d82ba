/**
 * The address to show a chat-server file inline: its download address without `download=true`, which the
 * server answers with `Content-Disposition: attachment` (SPEC.md §8). Anything that is not an absolute
 * http(s) URL is answered unchanged.
 */
export function inlineUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return url;
  u.searchParams.delete('download');
  return u.toString();
}
