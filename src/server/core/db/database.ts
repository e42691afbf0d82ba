import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './tables.js';
import type { Engine } from './engine.js';
import { migrateToLatest } from './migrations/index.js';
import { cachedStatements } from './statement-cache.js';
import { FactWriters } from './fact-writers.js';
import { discardingLostClients } from './pg-pool.js';
import { registerSearchFunctions } from './search-text.js';

export type { Engine } from './engine.js';

/** Where to store: a PostgreSQL URL, or a folder for the SQLite file. */
export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /**
   * Told about a pooled PostgreSQL connection that failed (a database restart, an administrator
   * terminating it, a network reset), idle or in use. The pool replaces it; without a listener pg would
   * crash the process.
   */
  onConnectionError?: (err: Error) => void;
}

/** An open, migrated database. */
export interface OpenDatabase {
  db: Kysely<Database>;
  engine: Engine;
  /** A printable description without credentials, for logs. */
  description: string;
  /** The PostgreSQL connection pool, for its use figures in `/metrics`; SQLite has none. */
  pool?: pg.Pool;
  /** Writers run inside the transactions of the changes whose facts they derive (fact-writers.ts). */
  facts: FactWriters;
  /** Closes the database; later calls wait for the same close (every owner of a store may call it). */
  close(): Promise<void>;
}

/** The handle with a close that runs once, however many of its users ask. */
function closingOnce(open: Omit<OpenDatabase, 'close' | 'facts'>): OpenDatabase {
  let closed: Promise<void> | undefined;
  return {
    ...open,
    facts: new FactWriters(),
    close: () => {
      closed ??= open.db.destroy();
      return closed;
    },
  };
}

const INT8_OID = 20;

/** True when the URL selects PostgreSQL (README "Configuration": DATABASE_URL). */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/** Opens SQLite (WAL, in `dataDir`) or PostgreSQL, runs the migrations and returns the Kysely handle. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // bigint columns hold epoch milliseconds and bus ids, both far below 2^53: read them as numbers.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // pg-pool listens for errors only on idle clients and removes its listener at checkout, and Kysely adds
    // none: a connection lost while a query runs would emit an unhandled 'error' and end the process. The
    // query itself still fails (the caller answers 503), and the client is not lent again (pg-pool.ts).
    // The pool re-emits an idle client's error, already reported by the client's own listener below.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', (err) => options.onConnectionError?.(err)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: discardingLostClients(pool) }) });
    try {
      await migrateToLatest(db as unknown as Kysely<unknown>, 'postgres');
    } catch (err) {
      await db.destroy();
      throw err;
    }
    return closingOnce({ db, engine: 'postgres', description: redact(options.databaseUrl), pool });
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'livechat.sqlite');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  // In WAL mode NORMAL still never loses or corrupts a committed transaction when the server process
  // crashes (the WAL is in the operating system's cache); only a power cut or kernel crash can lose the
  // last commits before the next checkpoint. FULL would pay one fsync per commit for that case alone.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Before the migrations: the search index's triggers call it (search-text.ts).
  registerSearchFunctions(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>, 'sqlite');
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return closingOnce({ db, engine: 'sqlite', description: file });
}

/** Answers when the database does (the readiness probe). */
export async function pingDatabase(open: OpenDatabase): Promise<void> {
  await sql`select 1`.execute(open.db);
}
