import {
  CANNED_REPLIES_ROUTE,
  CANNED_REPLY_VALUES_ROUTE,
  CREATE_CANNED_REPLY_ROUTE,
  DELETE_CANNED_REPLY_ROUTE,
  UPDATE_CANNED_REPLY_ROUTE,
  type CannedReply,
  type CannedReplyList,
  type CannedReplyValues,
} from '../../../protocol/canned-replies.js';
import type { CreateCannedReplyParams, OnCannedReplyParams, UpdateCannedReplyParams } from '../../../protocol/schemas/canned-replies.js';
import type { SessionParams } from '../../../protocol/schemas/console-params.js';
import type { OperatorApi } from '../../core/api.js';

/** The canned replies' calls (a stand-in in tests). */
export interface CannedApi {
  list(): Promise<CannedReplyList>;
  /** A shared reply of `channelId`, or with null a personal one. */
  create(channelId: number | null, shortcut: string, text: string): Promise<CannedReply>;
  update(id: number, shortcut: string, text: string): Promise<CannedReply>;
  remove(id: number): Promise<void>;
  /** What the variables hold in a conversation. */
  values(sessionId: number): Promise<CannedReplyValues>;
}

/** {@link CannedApi} over the console's server. */
export function cannedApi(api: OperatorApi): CannedApi {
  return {
    list: () => api.call<CannedReplyList>(CANNED_REPLIES_ROUTE, {}),
    create: (channelId, shortcut, text) =>
      api.call<CannedReply>(CREATE_CANNED_REPLY_ROUTE, { ...(channelId === null ? {} : { channel_id: channelId }), shortcut, text } satisfies CreateCannedReplyParams),
    update: (id, shortcut, text) => api.call<CannedReply>(UPDATE_CANNED_REPLY_ROUTE, { reply_id: id, shortcut, text } satisfies UpdateCannedReplyParams),
    remove: async (id) => {
      await api.call<true>(DELETE_CANNED_REPLY_ROUTE, { reply_id: id } satisfies OnCannedReplyParams);
    },
    values: (sessionId) => api.call<CannedReplyValues>(CANNED_REPLY_VALUES_ROUTE, { session_id: sessionId } satisfies SessionParams, { silent: true }),
  };
}

/** Replies matching what follows the `/`: by shortcut first (its start, then anywhere), then by text. */
export function filterReplies(replies: readonly CannedReply[], query: string): CannedReply[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...replies];
  const starts = replies.filter((r) => r.shortcut.startsWith(q));
  const inShortcut = replies.filter((r) => !r.shortcut.startsWith(q) && r.shortcut.includes(q));
  const inText = replies.filter((r) => !r.shortcut.includes(q) && r.text.toLowerCase().includes(q));
  return [...starts, ...inShortcut, ...inText];
}

/** The `/query` a draft starts with, or undefined when the draft asks for no reply. */
export function slashQuery(draft: string): string | undefined {
  return /^\/[^\n]*$/.test(draft) ? draft.slice(1) : undefined;
}
