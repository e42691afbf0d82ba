/** At most this many in-page notices show at once; the oldest goes first, as a desk shows the latest news. */
export const MAX_VISIBLE_NOTICES = 3;

/** An in-page notice disappears on its own after this long, unless the operator is hovering or focusing it. */
export const NOTICE_DISMISS_MS = 8_000;

/** Appends `notice` in place of one with its tag, and keeps only the newest {@link MAX_VISIBLE_NOTICES}. */
export function withNotice<T extends { tag?: string }>(list: readonly T[], notice: T): T[] {
  const others = notice.tag === undefined ? list : list.filter((n) => n.tag !== notice.tag);
  return [...others, notice].slice(-MAX_VISIBLE_NOTICES);
}

/** What the console knows about where the operator is looking when a visitor's message arrives. */
export interface MessageContext {
  /** The conversation the message belongs to. */
  sessionId: number | undefined;
  /** The conversation open in the pane, if any. */
  openId: number | null;
  /** The console tab is shown (not in a background tab or minimised window). */
  pageVisible: boolean;
  /** The console window has the keyboard focus. */
  pageFocused: boolean;
}

/**
 * Whether a visitor's message deserves a notice: not when it lands in the conversation already on screen
 * in front of the operator, since the message itself is then the news.
 */
export function shouldNotifyMessage({ sessionId, openId, pageVisible, pageFocused }: MessageContext): boolean {
  const onScreen = sessionId !== undefined && sessionId === openId && pageVisible && pageFocused;
  return !onScreen;
}
