import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './core/config/config.js';

/** A command that cannot run as asked: one line, exit code 2, no help text. */
export class CliRefusal extends Error {}

/** The SQLite file of a data folder. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'livechat.sqlite');
}

/**
 * The command line works on an existing database unless told where a new one belongs: run from another
 * folder, it would otherwise create a second, empty database beside the real one and change that one.
 * `explicit` is true when --data-dir or DATA_DIR named the folder.
 */
export function checkDatabaseFound(config: ServerConfig, explicit: boolean): void {
  if (config.databaseUrl !== undefined || explicit) return;
  const file = sqliteFile(config.dataDir);
  if (fs.existsSync(file)) return;
  throw new CliRefusal(
    `no database found: looked for ${file}; run this in the folder the server is started from, or name its data folder with --data-dir <folder> (or DATA_DIR), which also creates a new database there`,
  );
}

/** `backup` copies an existing database only: it never creates one to copy. */
export function checkBackupSource(config: ServerConfig): void {
  const file = sqliteFile(config.dataDir);
  if (!fs.existsSync(file)) throw new CliRefusal(`backup: no database at ${file}, nothing to back up; name the server's data folder with --data-dir <folder>`);
}

/** Where `backup` may write: an existing folder, and a file that is not there yet unless --force. */
export function checkBackupTarget(target: string, force: boolean): void {
  const folder = path.dirname(target);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
    throw new CliRefusal(`backup: the folder ${folder} does not exist; create it first, or choose another place for the copy`);
  }
  if (!fs.existsSync(target)) return;
  if (fs.statSync(target).isDirectory()) throw new CliRefusal(`backup: ${target} is a folder; give a file name, e.g. ${path.join(target, 'livechat.sqlite')}`);
  if (!force) throw new CliRefusal(`backup: ${target} already exists; choose another name, or add --force to replace it`);
}

/** The first line of standard input, for `--password-stdin`. */
export function passwordFromStdin(): string {
  const text = fs.readFileSync(0, 'utf8');
  const line = text.split(/\r?\n/)[0] ?? '';
  if (line === '') throw new CliRefusal('--password-stdin read no password: pipe it in, e.g. printf %s "$NEW_PASSWORD" | live-chat-server admin reset-password admin --password-stdin');
  return line;
}
