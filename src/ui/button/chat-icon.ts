/**
 * The speech bubble of the round launcher, one SVG path in a 24 px square (the icon's CSS size, so no
 * view box is needed): the facade (no React) and the React button draw the same icon, so the hand-over
 * shows no change.
 */
export const CHAT_ICON_PATH = 'M3 4h18v12H9l-5 4v-4H3z';
