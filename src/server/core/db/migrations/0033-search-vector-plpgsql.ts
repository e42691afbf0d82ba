import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../engine.js';
import { createPostgresSearchFunctions } from '../search-text.js';

/**
 * PostgreSQL: `lc_search_vector` becomes PL/pgSQL, same words (see search-text.ts): as a SQL function it
 * was planned again for every message the trigger indexed. Nothing to do on SQLite, whose words are a
 * JavaScript function.
 */
export function searchVectorPlpgsql(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'postgres') await createPostgresSearchFunctions(db);
    },
  };
}
