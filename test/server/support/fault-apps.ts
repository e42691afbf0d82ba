/**
 * Apps for fault tests on PostgreSQL: one fresh database, apps on it that connect directly or through a
 * {@link TcpProxy}, an admin connection to terminate backends and count rows, and a watch on the test
 * process for anything a fault could leave unhandled (an app runs in the test's own process).
 */
import pg from 'pg';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/core/config/config.js';
import { ADMIN_PASSWORD, Harness, createTestDatabase, rootDir, type TestDatabase } from './harness.js';
import { TcpProxy, type ProxiedConnection } from './tcp-proxy.js';

/** Skips a PostgreSQL-only suite when no server is configured (npm test sets TEST_DATABASE_URL). */
export const pgOnly = process.env.TEST_DATABASE_URL ? false : 'PostgreSQL variant NOT RUN: TEST_DATABASE_URL is not set (npm test sets it)';

/** Collects uncaught exceptions and unhandled rejections while watched: a fault must cause neither. */
export class ProcessFaults {
  readonly seen: unknown[] = [];
  readonly #record = (err: unknown): void => {
    this.seen.push(err);
  };
  watch(): void {
    process.on('uncaughtException', this.#record);
    process.on('unhandledRejection', this.#record);
  }
  unwatch(): void {
    process.off('uncaughtException', this.#record);
    process.off('unhandledRejection', this.#record);
  }
}

/** A database with apps on it, a proxy for the apps that should meet faults, and an admin connection. */
export class FaultBench {
  database!: TestDatabase;
  proxy!: TcpProxy;
  admin!: pg.Client;
  readonly #apps: Harness[] = [];

  async start(): Promise<void> {
    this.database = await createTestDatabase('postgres');
    const target = new URL(process.env.TEST_DATABASE_URL!);
    this.proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await this.proxy.up();
    this.admin = new pg.Client({ connectionString: this.database.env.DATABASE_URL });
    await this.admin.connect();
  }

  /** A started app on the database, through the proxy unless `direct`. */
  async app(options: { direct?: boolean } = {}): Promise<Harness> {
    const h = new Harness('postgres');
    const url = options.direct ? this.database.env.DATABASE_URL! : this.proxy.url(this.database.env.DATABASE_URL!);
    const config = loadConfig({ LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, NODE_ENV: 'test', RATE_LIMIT_DELAY_MS: '0', ...this.database.env, DATABASE_URL: url }, rootDir);
    h.app = await buildApp({ config, clock: h.clock });
    await h.app.ready();
    this.#apps.push(h);
    return h;
  }

  /** The database ends the backend behind a proxied connection (what pg_terminate_backend does to a busy server). */
  async terminate(connection: ProxiedConnection): Promise<void> {
    const { rowCount } = await this.admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE client_port = $1', [connection.backendClientPort]);
    if (rowCount !== 1) throw new Error(`no backend behind port ${connection.backendClientPort}`);
  }

  /** Rows of a query on the admin connection. */
  async rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.admin.query<T>(text, values)).rows;
  }

  async stop(): Promise<void> {
    for (const h of this.#apps) await h.app.close();
    await this.proxy?.down();
    await this.admin?.end();
    await this.database?.drop();
  }
}
