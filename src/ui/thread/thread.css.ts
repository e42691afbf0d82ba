/**
 * The thread: scrolling log, day separators, avatars, squashed runs, quotes, attachments. Messages are
 * bubbles; the visitor's own sit on the inline-end side (right, left in right-to-left languages), as in
 * every chat the visitor knows.
 */
export const threadCss = `
.lc-thread {
  flex: 1 1 auto; min-height: 0; overflow-y: auto;
  padding: 8px 10px; background: var(--lc-thread);
}
.lc-loading { margin: 16px 0; text-align: center; color: var(--lc-muted); }
.lc-queue-bar {
  display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; padding: 6px 10px;
  border-bottom: 1px solid var(--lc-line); background: var(--lc-bg); font-size: 13px;
}
.lc-queue { flex: 1 1 auto; margin: 0; }
.lc-day {
  display: flex; align-items: center; gap: 8px; margin: 10px 0 6px;
  color: var(--lc-muted); font-size: 12px;
}
.lc-day::before, .lc-day::after { content: ""; flex: 1 1 auto; border-top: 1px solid var(--lc-line); }
.lc-message { display: flex; gap: 8px; margin-top: 8px; }
.lc-message[data-squashed] { margin-top: 2px; }
.lc-avatar, .lc-avatar-space { flex: 0 0 32px; width: 32px; height: 32px; border-radius: 50%; object-fit: cover; }
.lc-avatar-space { height: 1px; }
.lc-message-main { flex: 1 1 auto; min-width: 0; overflow-wrap: anywhere; }
.lc-message-meta { display: flex; align-items: baseline; gap: 6px; }
.lc-author { font-weight: 700; }
.lc-time { color: var(--lc-muted); font-size: 12px; }
.lc-message[data-own] { flex-direction: row-reverse; }
.lc-message[data-own] .lc-message-main { display: flex; flex-direction: column; align-items: flex-end; }
.lc-message-main > .lc-message-body {
  width: fit-content; max-width: 100%; box-sizing: border-box; margin-top: 2px; padding: 6px 10px;
  border: 1px solid var(--lc-line); border-radius: 12px; border-start-start-radius: 4px; background: var(--lc-bubble);
}
.lc-message[data-own] .lc-message-main > .lc-message-body {
  border-color: transparent; border-start-start-radius: 12px; border-start-end-radius: 4px; background: var(--lc-own-bubble);
}
.lc-message-main > .lc-message-body:empty { display: none; }
.lc-message-body p { margin: 0 0 4px; }
.lc-message-body p:last-child { margin-bottom: 0; }
.lc-message-body a { color: var(--lc-link); }
.lc-message-body pre { white-space: pre-wrap; }
.lc-quote blockquote { margin: 4px 0; padding-inline-start: 8px; border-inline-start: 3px solid var(--lc-line); color: var(--lc-quote); }
.lc-notification { margin: 8px 0; text-align: center; font-style: italic; color: var(--lc-muted); }
.lc-delivery { font-size: 12px; color: var(--lc-muted); }
.lc-delivery[data-state="failed"] { color: var(--lc-error); }
.lc-progress { width: 120px; height: 6px; accent-color: var(--live-chat-accent, #6b4563); }
.lc-attachments { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0 0; padding: 0; list-style: none; }
.lc-attachment-file { flex: 1 1 100%; }
.lc-attachment-file a { color: var(--lc-link); }
.lc-attachment-file a, .lc-attachment-open { display: inline-flex; align-items: center; gap: 4px; max-width: 100%; text-align: start; }
.lc-attachment-icon { flex: 0 0 auto; }
.lc-attachment-size { color: var(--lc-muted); font-size: 12px; }
.lc-thumbnail-button { padding: 0; border: 0; background: none; cursor: zoom-in; }
.lc-thumbnail { display: block; max-width: 120px; max-height: 120px; border-radius: 4px; object-fit: cover; }
`;
