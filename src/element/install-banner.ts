/**
 * Keeps the chat button above an install banner at the bottom of the host page (SPEC.md §2.1). The host
 * marks its banner with an attribute (or names it with the element's `install-banner-selector`); the
 * watcher follows the banner appearing, disappearing and changing height.
 */

/** The banner marker looked for when `install-banner-selector` is absent. */
export const DEFAULT_INSTALL_BANNER_SELECTOR = '[data-live-chat-install-banner]';

/** Whether `selector` is a CSS selector the browser accepts (a bad one would throw from querySelector). */
export function isValidSelector(selector: string, doc: Document = document): boolean {
  try {
    doc.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
}

/**
 * Calls `onRaise` with the banner's height in px (0 without a banner) now and on each change, until the
 * returned function is called. Page mutations are coalesced by MutationObserver (one query per batch);
 * the height comes from a ResizeObserver so an animated or re-laid-out banner is followed too.
 */
export function watchInstallBanner(selector: string, onRaise: (px: number) => void, doc: Document = document): () => void {
  let banner: Element | null = null;
  let raise = -1;
  const report = (): void => {
    // A hidden banner (display: none) measures 0 and raises nothing.
    const px = banner && banner.isConnected ? Math.max(0, Math.round(banner.getBoundingClientRect().height)) : 0;
    if (px === raise) return;
    raise = px;
    onRaise(px);
  };
  const sizes = new ResizeObserver(report);
  const find = (): void => {
    const next = doc.querySelector(selector);
    if (next !== banner) {
      if (banner) sizes.unobserve(banner);
      banner = next;
      if (banner) sizes.observe(banner);
    }
    report();
  };
  const mutations = new MutationObserver(find);
  // Every attribute counts: a host's selector may match on any of them (a class toggled to show the banner).
  mutations.observe(doc.documentElement, { childList: true, subtree: true, attributes: true });
  find();
  return () => {
    mutations.disconnect();
    sizes.disconnect();
  };
}
