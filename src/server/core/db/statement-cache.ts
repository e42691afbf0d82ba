import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; the routes issue a few dozen, so this bound is only a safety net. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Wraps a better-sqlite3 database so Kysely reuses prepared statements: Kysely prepares the SQL text
 * again for every query, and preparing costs more than running a small indexed query. Reuse is safe
 * because Kysely's SQLite driver runs one query at a time on its single connection, and SQLite
 * re-prepares a cached statement by itself after a schema change (migrations).
 */
export function cachedStatements(database: SqliteDatabase, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (statement) {
        // Re-inserted so the Map's order is least recently used first.
        cache.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
