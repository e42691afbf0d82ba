#!/usr/bin/env node
/**
 * `live-chat-server`: the server's command line (README "Deploy"). Reads the same environment as the
 * server (DATABASE_URL, DATA_DIR, …), so every command works on the database the server uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { OPERATOR_PASSWORD_MIN } from '../protocol/operator-console.js';
import { CliRefusal, checkBackupSource, checkBackupTarget, checkDatabaseFound, passwordFromStdin } from './cli-files.js';
import { ConfigError, loadConfig, type ServerConfig } from './core/config/config.js';
import { unknownSettingWarnings } from './core/config/config-names.js';
import { openDatabase } from './core/db/database.js';
import { KyselyStore, seedIfEmpty } from './domain/store/index.js';
import { generatePassword } from './domain/operators/index.js';

const HELP = `Usage: live-chat-server [command]

Commands:
  start                                   start the server (the default)
  migrate                                 bring the database schema up to date, then exit
  admin create-operator <login> <name> [--admin] [--channel <id>] [--password-stdin]
                                          add an operator (password from stdin with --password-stdin,
                                          else LIVECHAT_PASSWORD, else generated and printed)
  admin reset-password <login> [--password-stdin]
                                          set a new password, taken or generated the same way
  admin create-channel <name>             add a livechat channel and print its id
  backup <file> [--force]                 SQLite: write a consistent copy of the database to <file>
                                          (--force replaces an existing file)
                                          PostgreSQL: print the pg_dump command to run instead
  --help                                  show this text

Options:
  --data-dir <folder>                     the server's data folder (default: DATA_DIR, else ./data);
                                          without it or DATA_DIR, commands refuse to create a new database

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

/** The password to set: from stdin when asked, else LIVECHAT_PASSWORD, else a generated one to print. */
function passwordToSet(args: string[]): { password: string; generated: boolean } {
  const fromStdin = takeFlag(args, '--password-stdin');
  const given = fromStdin ? passwordFromStdin() : process.env.LIVECHAT_PASSWORD;
  if (given === undefined || given === '') return { password: generatePassword(), generated: true };
  const source = fromStdin ? 'the password read from stdin' : 'LIVECHAT_PASSWORD';
  if (given.length < OPERATOR_PASSWORD_MIN) throw new CliRefusal(`${source} must have at least ${OPERATOR_PASSWORD_MIN} characters (it has ${given.length})`);
  return { password: given, generated: false };
}

function takeFlag(args: string[], name: string): boolean {
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
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
    const isAdmin = takeFlag(rest, '--admin');
    const channel = optionValue(rest, '--channel');
    const { password, generated } = passwordToSet(rest);
    const [login, name] = rest;
    if (!login || !name || !/^\S{1,100}$/.test(login)) throw new UsageError('create-operator needs a login (one word) and a display name');
    return withStore(config, async (store) => {
      if (await store.getOperatorByLogin(login)) throw new CliRefusal(`an operator "${login}" already exists`);
      const channelId = channel === undefined ? undefined : Number(channel);
      if (channelId !== undefined && (!Number.isInteger(channelId) || !(await store.getChannel(channelId)))) throw new CliRefusal(`no channel ${channel}`);
      const operator = await store.createOperator({ login, display_name: name.slice(0, 100), password, is_admin: isAdmin });
      if (channelId !== undefined) await store.addChannelOperator(channelId, operator.id);
      return `operator "${login}" created (id ${operator.id})${generated ? `; password: ${password}` : ''}`;
    });
  }
  if (action === 'reset-password') {
    const { password, generated } = passwordToSet(rest);
    const [login] = rest;
    if (!login) throw new UsageError('reset-password needs a login');
    return withStore(config, async (store) => {
      const operator = await store.getOperatorByLogin(login);
      if (!operator) throw new CliRefusal(`no operator "${login}" in ${describeWhere(config)}`);
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

async function backup(config: ServerConfig, args: string[]): Promise<string> {
  const force = takeFlag(args, '--force');
  const [file] = args;
  if (!file) throw new UsageError('backup needs a file name');
  if (config.databaseUrl) {
    return `PostgreSQL is backed up with its own tool: pg_dump --format=custom --file=${JSON.stringify(file)} "$DATABASE_URL"\n(restore: pg_restore --clean --dbname="$DATABASE_URL" ${JSON.stringify(file)})`;
  }
  const target = path.resolve(file);
  checkBackupSource(config);
  checkBackupTarget(target, force);
  // VACUUM INTO refuses an existing file: the copy is made beside it and then takes its place.
  const partial = `${target}.partial-${process.pid}`;
  return withStore(config, async (store) => {
    try {
      await store.backupTo(partial);
      fs.renameSync(partial, target);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return `backup written to ${target}`;
  });
}

function describeWhere(config: ServerConfig): string {
  return config.databaseUrl === undefined ? path.join(config.dataDir, 'livechat.sqlite') : 'the PostgreSQL database of DATABASE_URL';
}

/** Runs one command on the database; resolves with what to print. */
async function runCommand(command: string, args: string[], config: ServerConfig, explicitData: boolean): Promise<string> {
  if (!['migrate', 'admin', 'backup'].includes(command)) throw new UsageError(`unknown command "${command}"`);
  if (command !== 'backup') checkDatabaseFound(config, explicitData);
  if (command === 'admin') return admin(config, args);
  if (command === 'backup') return backup(config, args);
  // Opening the database runs the migrations (Kysely's lock makes concurrent starts safe).
  return withStore(config, async () => 'database schema up to date');
}

/** Runs the command line; resolves with what to print, or undefined once the server is started. */
async function runCli(argv: string[]): Promise<string | undefined> {
  const args = [...argv];
  const dataDir = optionValue(args, '--data-dir');
  // The server started by `start` reads its environment itself.
  if (dataDir !== undefined) process.env.DATA_DIR = path.resolve(dataDir);
  const [command = 'start', ...rest] = args;
  if (['--help', '-h', 'help'].includes(command)) return HELP;
  if (command === 'start') {
    await import('./main.js');
    return undefined;
  }
  for (const warning of unknownSettingWarnings(process.env)) process.stderr.write(`live-chat-server: warning: ${warning}\n`);
  const explicitData = dataDir !== undefined || (process.env.DATA_DIR ?? '') !== '';
  return runCommand(command, rest, loadConfig(), explicitData);
}

try {
  const output = await runCli(process.argv.slice(2));
  if (output !== undefined) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
} catch (err) {
  if (err instanceof UsageError) {
    process.stderr.write(`live-chat-server: ${err.message}\n\n${HELP}`);
    process.exit(2);
  }
  if (err instanceof CliRefusal || err instanceof ConfigError) {
    process.stderr.write(`live-chat-server: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`live-chat-server: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
