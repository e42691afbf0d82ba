import type { Kysely } from 'kysely';
import type { BusNotificationRow, Database } from '../db/tables.js';
import type { Engine, OpenDatabase } from '../db/database.js';
import type { FactWriters } from '../db/fact-writers.js';
import { committedBatch, writeInOrder, type BusWrite, type BusWriteResult, type OrderedWriteHooks } from './bus-write-store.js';
import { deleteNotificationsBefore, insertNotifications, listNotifications, maxNotificationId, type NewNotification, type NotificationQuery } from './notification-store.js';

export type { NewNotification, NotificationQuery } from './notification-store.js';

/** The bus's own storage: its notification rows, and the ordered writer that stores them with their messages. */
export interface BusStore {
  insertNotifications(rows: NewNotification[], now: number): Promise<BusNotificationRow[]>;
  listNotifications(query: NotificationQuery): Promise<BusNotificationRow[]>;
  maxNotificationId(): Promise<number>;
  deleteNotificationsBefore(time: number): Promise<number>;
  /**
   * Writes bus notifications (and chat messages with their announcements) one writer at a time, so ids
   * become visible in order (bus-write-store.ts). `hooks` widen the commit window, for tests only.
   */
  write(writes: BusWrite[], hooks?: OrderedWriteHooks): Promise<BusWriteResult[]>;
  /** The results of a `write` batch whose commit was not confirmed, if it is stored (bus-write-store.ts). */
  committed(writes: BusWrite[]): Promise<BusWriteResult[] | undefined>;
}

/** The Kysely {@link BusStore}, on the server's open database (SQLite or PostgreSQL). */
export class KyselyBusStore implements BusStore {
  readonly #db: Kysely<Database>;
  readonly #engine: Engine;
  readonly #facts: FactWriters | undefined;

  constructor(open: Pick<OpenDatabase, 'db' | 'engine'> & Partial<Pick<OpenDatabase, 'facts'>>) {
    this.#db = open.db;
    this.#engine = open.engine;
    this.#facts = open.facts;
  }

  insertNotifications(rows: NewNotification[], now: number): Promise<BusNotificationRow[]> {
    return insertNotifications(this.#db, rows, now);
  }

  listNotifications(query: NotificationQuery): Promise<BusNotificationRow[]> {
    return listNotifications(this.#db, query);
  }

  maxNotificationId(): Promise<number> {
    return maxNotificationId(this.#db);
  }

  deleteNotificationsBefore(time: number): Promise<number> {
    return deleteNotificationsBefore(this.#db, time);
  }

  write(writes: BusWrite[], hooks?: OrderedWriteHooks): Promise<BusWriteResult[]> {
    return writeInOrder(this.#db, this.#engine, writes, hooks, this.#facts);
  }

  committed(writes: BusWrite[]): Promise<BusWriteResult[] | undefined> {
    return committedBatch(this.#db, writes);
  }
}
