/**
 * Inherited text styles stop at the element: CMS themes set `text-transform`, `letter-spacing` or
 * `text-align` on `body`, and inheritance crosses the shadow boundary (custom properties, the page's
 * deliberate theming, still do). Font properties need no reset: every surface sets the `font` shorthand.
 * Rules on `live-chat` itself in the page still win over `:host`.
 */
export const hostCss = `
:host {
  text-align: start; text-indent: 0; text-transform: none; text-shadow: none;
  letter-spacing: normal; word-spacing: normal; white-space: normal;
}
`;
