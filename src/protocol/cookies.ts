/** Cookie names and lifetimes in seconds (SPEC.md §9, PROTOCOL.md §7.1). */
export const COOKIES = {
  session: { name: 'im_livechat_session', maxAge: 3600 },
  autoPopup: { name: 'im_livechat_auto_popup', maxAge: 3600 },
  previousOperator: { name: 'im_livechat_previous_operator_pid', maxAge: 7 * 24 * 3600 },
  history: { name: 'im_livechat_history', maxAge: 24 * 3600 },
} as const;

/** How many pages the history cookie keeps, the newest (PROTOCOL.md §7.1). */
export const PAGE_HISTORY_MAX = 15;
