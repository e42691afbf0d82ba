import { escapeHtml } from '../../protocol/html-escape.js';
import type { EarlierConversation } from '../../protocol/visitor.js';
import { toThreadMessage, type ThreadMessage } from '../../ui/thread/thread-message.js';

/** The thread's labels of the conversations it shows. */
export interface EarlierLabels {
  earlier: string;
  current: string;
}

const line = (id: string, text: string, date: Date): ThreadMessage => ({ id, body: escapeHtml(text), date, author: null, kind: 'notification', own: false, attachments: [] });

/**
 * A verified visitor's earlier conversations as thread lines above the current one: each opens with a
 * line naming it, and a last line marks where the current conversation starts. Nothing without any.
 */
export function earlierThreadMessages(earlier: readonly EarlierConversation[], serverUrl: string, labels: EarlierLabels, currentStart: Date): ThreadMessage[] {
  if (earlier.length === 0) return [];
  const out: ThreadMessage[] = [];
  for (const conversation of earlier) {
    const start = new Date(conversation.created_at);
    out.push(line(`earlier-${conversation.id}`, labels.earlier, start));
    for (const m of conversation.messages) out.push({ ...toThreadMessage(m, { serverUrl }, start), id: `earlier-${conversation.id}-${m.id}` });
  }
  out.push(line('earlier-current', labels.current, currentStart));
  return out;
}
