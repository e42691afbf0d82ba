/**
 * The page the widget runs on, sent with `/im_livechat/init` so the channel's URL rule matches the
 * real page: a cross-origin Referer carries only the origin under the default referrer policy.
 */
export const PAGE_URL_PARAM = 'page_url';
/** Longest page address sent and matched. */
export const PAGE_URL_MAX = 2048;

/** The page address as the widget sends it: at most {@link PAGE_URL_MAX} characters, or undefined. */
export function pageUrlFor(href: string | undefined): string | undefined {
  return href ? href.slice(0, PAGE_URL_MAX) : undefined;
}
