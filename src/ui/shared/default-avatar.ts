// An inline image so that no request leaves for a third-party host (issue 5, "Light on the host page").
const SMILEY_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<circle cx="16" cy="16" r="16" fill="#f5c342"/>' +
  '<circle cx="11" cy="12.5" r="2.2" fill="#4a3410"/><circle cx="21" cy="12.5" r="2.2" fill="#4a3410"/>' +
  '<path d="M9.5 19a7.5 7.5 0 0 0 13 0" fill="none" stroke="#4a3410" stroke-width="2.2" stroke-linecap="round"/>' +
  '</svg>';

/** The default smiley avatar of messages without an author (SPEC.md §7). */
export const DEFAULT_AVATAR_URL = `data:image/svg+xml,${encodeURIComponent(SMILEY_SVG)}`;
