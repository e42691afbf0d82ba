import type { Kysely, Migration } from 'kysely';

/**
 * Which of a visitor's name and e-mail address the site signed (a visitor token's claims): a verified id
 * says nothing about the name and address sent beside it, so each field records its own proof.
 */
export const visitorVerifiedFields: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['name_verified', 'email_verified']) {
      await db.schema.alterTable('visitor_session').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
    }
  },
};
