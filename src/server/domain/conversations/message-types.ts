import type { AttachmentRow, MessageRow } from '../../core/db/tables.js';

/** A message with its author's name and its files, as every reader of a conversation gets it. */
export interface MessageWithRelations extends MessageRow {
  author_name: string | null;
  attachments: AttachmentRow[];
}
