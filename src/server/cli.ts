#!/usr/bin/env node
/**
 * `live-chat-server`: the server's command line (README "Deploy"). Reads the same environment as the
 * server (DATABASE_URL, DATA_DIR, …), so every command works on the database the server uses.
 */
import path from 'node:path';
import { OPERATOR_PASSWORD_MIN } from '../protocol/operator-console.js';
import { ConfigError, loadConfig, type ServerConfig } from './config.js';
import { openDatabase } from './store/database.js';
import { KyselyStore } from './store/kysely-store.js';
import { generatePassword } from './store/passwords.js';
import { seedIfEmpty } from './store/seed.js';

const HELP = `Usage: live-chat-server [command]

Commands:
  start                                   start the server (the default)
  migrate                                 bring the database schema up to date, then exit
  admin create-operator <login> <name> [--admin] [--channel <id>]
                                          add an operator (password from LIVECHAT_PASSWORD, else generated and printed)
  admin reset-password <login>            set a new password (LIVECHAT_PASSWORD, else generated and printed)
  admin create-channel <name>             add a livechat channel and print its id
  backup <file>                           SQLite: write a consistent copy of the database to <file>
                                          PostgreSQL: print the pg_dump command to run instead
  --help                                  show this text

Configuration comes from the environment, as for the server (README "Configuration").
`;

/** A command-line mistake: printed with the help text, exit code 2. */
class UsageError extends Error {}

/**
 * Runs `run` on the server's database, migrated and, when empty, seeded exactly as the server's first
 * start does (channel 1 and the admin), so the commands can prepare a database before the first start.
 */
async function withStore(config: ServerConfig, run: (store: KyselyStore) => Promise<string>): Promise<string> {
  const store = new KyselyStore(await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  try {
    const seed = await seedIfEmpty(store, { login: config.adminLogin, password: config.adminPassword });
    const seeded = seed.generatedPassword !== undefined ? `first use: channel 1 and operator "${seed.adminLogin}" created; its password: ${seed.generatedPassword} (shown only this once)\n` : '';
    return seeded + (await run(store));
  } finally {
    await store.close();
  }
}

function passwordFromEnv(): { password: string; generated: boolean } {
  const given = process.env.LIVECHAT_PASSWORD;
  if (given === undefined || given === '') return { password: generatePassword(), generated: true };
  if (given.length < OPERATOR_PASSWORD_MIN) throw new UsageError(`LIVECHAT_PASSWORD must have at least ${OPERATOR_PASSWORD_MIN} characters`);
  return { password: given, generated: false };
}

function optionValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined) throw new UsageError(`${name} needs a value`);
  args.splice(i, 2);
  return value;
}

async function admin(config: ServerConfig, args: string[]): Promise<string> {
  const [action, ...rest] = args;
  if (action === 'create-operator') {
    const isAdmin = rest.includes('--admin');
    const channel = optionValue(rest, '--channel');
    const [login, name] = rest.filter((a) => a !== '--admin');
    if (!login || !name || !/^\S{1,100}$/.test(login)) throw new UsageError('create-operator needs a login (one word) and a display name');
    const { password, generated } = passwordFromEnv();
    return withStore(config, async (store) => {
      if (await store.getOperatorByLogin(login)) throw new UsageError(`an operator "${login}" already exists`);
      const channelId = channel === undefined ? undefined : Number(channel);
      if (channelId !== undefined && (!Number.isInteger(channelId) || !(await store.getChannel(channelId)))) throw new UsageError(`no channel ${channel}`);
      const operator = await store.createOperator({ login, display_name: name.slice(0, 100), password, is_admin: isAdmin });
      if (channelId !== undefined) await store.addChannelOperator(channelId, operator.id);
      return `operator "${login}" created (id ${operator.id})${generated ? `; password: ${password}` : ''}`;
    });
  }
  if (action === 'reset-password') {
    const [login] = rest;
    if (!login) throw new UsageError('reset-password needs a login');
    const { password, generated } = passwordFromEnv();
    return withStore(config, async (store) => {
      const operator = await store.getOperatorByLogin(login);
      if (!operator) throw new UsageError(`no operator "${login}"`);
      await store.setOperatorPassword(operator.id, password);
      return `password of "${login}" changed${generated ? `; new password: ${password}` : ''}`;
    });
  }
  if (action === 'create-channel') {
    const name = rest.join(' ').trim();
    if (!name) throw new UsageError('create-channel needs a name');
    return withStore(config, async (store) => `channel "${name}" created (id ${(await store.createChannel({ name: name.slice(0, 200) })).id})`);
  }
  throw new UsageError(`unknown admin command "${action ?? ''}"`);
}

async function backup(config: ServerConfig, file: string | undefined): Promise<string> {
  if (!file) throw new UsageError('backup needs a file name');
  if (config.databaseUrl) {
    return `PostgreSQL is backed up with its own tool: pg_dump --format=custom --file=${JSON.stringify(file)} "$DATABASE_URL"\n(restore: pg_restore --clean --dbname="$DATABASE_URL" ${JSON.stringify(file)})`;
  }
  const target = path.resolve(file);
  return withStore(config, async (store) => {
    await store.backupTo(target);
    return `backup written to ${target}`;
  });
}

/** Runs one command; resolves with what to print. */
async function runCli(argv: string[], config: ServerConfig): Promise<string | undefined> {
  const [command = 'start', ...args] = argv;
  switch (command) {
    case '--help':
    case '-h':
    case 'help':
      return HELP;
    case 'migrate':
      // Opening the database runs the migrations (Kysely's lock makes concurrent starts safe).
      return withStore(config, async () => 'database schema up to date');
    case 'admin':
      return admin(config, args);
    case 'backup':
      return backup(config, args[0]);
    case 'start':
      await import('./main.js');
      return undefined;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

try {
  const output = await runCli(process.argv.slice(2), loadConfig());
  if (output !== undefined) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
} catch (err) {
  if (err instanceof UsageError || err instanceof ConfigError) {
    process.stderr.write(`live-chat-server: ${err.message}\n\n${HELP}`);
    process.exit(2);
  }
  throw err;
}
