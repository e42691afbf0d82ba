/**
 * Runs server tests once per storage engine: SQLite in a temporary folder, and PostgreSQL in a freshly
 * created database on the server named by TEST_DATABASE_URL (dropped afterwards). Without that variable
 * the PostgreSQL variant says clearly that it did not run; under CI its absence is a failure.
 */
import { after, before, describe, test } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/core/config/config.js';
import type { Clock } from '../../../src/server/core/clock.js';
import type { DiskSpaceReader } from '../../../src/server/core/http/disk-guard.js';
import { watchSerialisation, type SerialisationMismatch } from './serialisation.js';
import { GET_SESSION_ROUTE, SESSION_AUTHENTICATE_ROUTE } from '../../../src/protocol/routes.js';

export type EngineName = 'sqlite' | 'postgres';

export const rootDir = path.resolve(new URL('../../..', import.meta.url).pathname);

/** The password of the seeded admin in every test app. */
export const ADMIN_PASSWORD = 'admin-test-password';

/** A clock that moves only when a test says so. */
export class FakeClock implements Clock {
  constructor(public current = Date.UTC(2024, 4, 11, 14, 3, 27)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** A throwaway database for one engine. */
export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** Creates an empty database: a temp folder for SQLite, a uniquely named database on PostgreSQL. */
export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-server-test-'));
    return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `lc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Identifiers cannot be bound as parameters; `name` is generated above from hex digits only.
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-server-test-'));
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One running test app and helpers to speak to it. */
export class Harness {
  app!: FastifyInstance;
  clock = new FakeClock();
  database!: TestDatabase;
  /** Logger options for the app; set by a suite's body, which runs before the app starts. */
  logger: FastifyServerOptions['logger'] = false;
  /** Reads the data volume's free space instead of the real file system; set before start(). */
  diskSpace: DiskSpaceReader | undefined;
  /** Told of every route the app registers; set before start(). */
  onRoute: ((route: RouteOptions) => void) | undefined;
  /** Answers a response schema changed (support/serialisation.ts); stop() fails when there is one. */
  readonly serialisationMismatches: SerialisationMismatch[] = [];

  constructor(
    readonly engine: EngineName,
    private readonly extraEnv: Record<string, string> = {},
  ) {}

  async start(): Promise<void> {
    this.database = await createTestDatabase(this.engine);
    const config = loadConfig(
      // Refused calls answer at once, so limit tests do not wait a second per refusal (abuse/floods tests the delay).
      { LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, NODE_ENV: 'test', RATE_LIMIT_DELAY_MS: '0', ...this.database.env, ...this.extraEnv },
      rootDir,
    );
    this.app = await buildApp({ config, clock: this.clock, logger: this.logger, ...(this.onRoute ? { onRoute: this.onRoute } : {}), ...(this.diskSpace ? { diskSpace: this.diskSpace } : {}) });
    watchSerialisation(this.app, this.serialisationMismatches);
    await this.app.ready();
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.database?.drop();
    if (this.serialisationMismatches.length > 0) {
      throw new Error(`a response schema changed ${this.serialisationMismatches.length} answer(s): ${JSON.stringify(this.serialisationMismatches.slice(0, 3), null, 2)}`);
    }
  }

  /** POSTs a JSON-RPC call and returns the parsed answer and the raw response. */
  async rpc(url: string, params: unknown, options: { cookie?: string; headers?: Record<string, string> } = {}) {
    const id = Math.floor(Math.random() * 1e9);
    const res = await this.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      payload: JSON.stringify(params === undefined ? { jsonrpc: '2.0', method: 'call', id } : { jsonrpc: '2.0', method: 'call', params, id }),
    });
    const body = res.json() as { id: number; result?: unknown; error?: { code: number; message: string; data: { message: string; name: string; exception_type: string } } };
    return { body, res, id };
  }

  /** The `result` of a call, failing the test on an error answer. */
  async call<T = unknown>(url: string, params?: unknown, options: { cookie?: string; headers?: Record<string, string> } = {}): Promise<T> {
    const { body } = await this.rpc(url, params, options);
    if (body.error) throw new Error(`${url} answered an error: ${JSON.stringify(body.error)}`);
    return body.result as T;
  }

  /** Logs an operator in through the real route and returns the cookie header to send back. */
  async login(login: string, password: string): Promise<string> {
    const { body, res } = await this.rpc(SESSION_AUTHENTICATE_ROUTE, { db: 'livechat', login, password });
    if (body.error) throw new Error(`login failed: ${JSON.stringify(body.error)}`);
    return cookieHeader(res);
  }

  /** A new channel with a new logged-in operator, isolated from other tests. */
  async channelWithOperator(options: { online?: boolean; name?: string } = {}) {
    const tag = randomBytes(4).toString('hex');
    const channel = await this.app.store.createChannel({ name: `Channel ${tag}` });
    const operator = await this.app.store.createOperator({ login: `op-${tag}`, display_name: options.name ?? `Operator ${tag}`, email: `op-${tag}@example.com`, password: 'pw-' + tag });
    await this.app.store.addChannelOperator(channel.id, operator.id);
    const cookie = options.online === false ? '' : await this.login(operator.login, 'pw-' + tag);
    return { channel, operator, cookie, password: 'pw-' + tag };
  }

  /** Opens a visitor session on a channel whose operator is online. */
  async visitorSession(options: { name?: string } = {}) {
    const ctx = await this.channelWithOperator(options);
    const session = await this.call<{ id: number; uuid: string; operator_pid: [number, string] }>(GET_SESSION_ROUTE, {
      channel_id: ctx.channel.id,
      anonymous_name: 'Visitor',
      previous_operator_id: null,
    });
    return { ...ctx, session };
  }
}

/** The `Cookie` header a browser would send back after this response. */
export function cookieHeader(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/**
 * Declares the same suite for SQLite and PostgreSQL. `body` receives a harness whose app is started
 * before the suite's tests and closed afterwards.
 */
export function describeEachEngine(title: string, body: (h: Harness) => void, extraEnv: Record<string, string> = {}): void {
  for (const engine of ['sqlite', 'postgres'] as const) {
    if (engine === 'postgres' && !process.env.TEST_DATABASE_URL) {
      if (process.env.CI) {
        test(`${title} [postgres]`, () => {
          throw new Error('TEST_DATABASE_URL is required in CI: the PostgreSQL variant must run');
        });
      } else {
        describe(`${title} [postgres]`, { skip: 'PostgreSQL variant NOT RUN: TEST_DATABASE_URL is not set (npm test sets it)' }, () => {});
      }
      continue;
    }
    describe(`${title} [${engine}]`, () => {
      const h = new Harness(engine, extraEnv);
      before(() => h.start());
      after(() => h.stop());
      body(h);
    });
  }
}
