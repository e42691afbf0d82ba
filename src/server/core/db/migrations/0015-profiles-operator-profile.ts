import type { Kysely, Migration } from 'kysely';

/**
 * When the operator's picture last changed: it versions the picture's address and its ETag, so a changed
 * picture is fetched again rather than served from a cache that still holds the old one.
 */
export const operatorProfile: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('operator').addColumn('avatar_updated_at', 'bigint').execute();
  },
};
