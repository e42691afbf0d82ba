import type { Kysely, Migration } from 'kysely';

/**
 * Issue 15: whether and what visitors may upload, per channel (on by default, the defaults of
 * protocol/visitor-upload.ts), and the newest message an operator has read in each conversation, for the
 * visitor's "Seen" receipt.
 */
export const visitorUploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('livechat_channel').addColumn('visitor_uploads', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('livechat_channel').addColumn('visitor_upload_max_bytes', 'integer', (c) => c.notNull().defaultTo(10 * 1024 * 1024)).execute();
    await db.schema
      .alterTable('livechat_channel')
      .addColumn('visitor_upload_types', 'text', (c) => c.notNull().defaultTo('image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain'))
      .execute();
    await db.schema.alterTable('visitor_session').addColumn('operator_seen_message_id', 'integer').execute();
  },
};
