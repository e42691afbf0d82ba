import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Whether a session's visitor name is the visitor's own or the widget's default, for the console's
 * visitor label (protocol/visitor-label.ts). Sessions from before it count as named when the visitor
 * said anything about themselves, or left an offline message under a name other than the default.
 */
export const visitorNameGiven: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('visitor_session').addColumn('name_given', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update visitor_session set name_given = 1 where name_verified = 1 or (identity <> 'anonymous' and anonymous_name <> 'Visitor')`.execute(db);
  },
};
