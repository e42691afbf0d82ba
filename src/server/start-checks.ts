import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * What start-up checks before it touches the database, so that a start that cannot succeed fails
 * before the first start's admin is created (and its generated password would be lost with it).
 */

/** A start-up problem the owner can fix; printed as one line, without a stack. */
export class StartupError extends Error {
  readonly code = 'startup_failed';
}

function codeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
}

/** DATA_DIR exists (it is created when missing) and this process may write a file in it. */
export function checkDataDir(dataDir: string): void {
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(probe, '');
    fs.rmSync(probe, { force: true });
  } catch (err) {
    const code = codeOf(err);
    const problem = ['ENOTDIR', 'EEXIST'].includes(code) ? 'a file is in the way' : code === 'ENOENT' ? 'it cannot be created' : `it is not writable (${code || 'error'})`;
    throw new StartupError(`DATA_DIR ${dataDir} cannot be used: ${problem}; choose a folder this user can write, e.g. DATA_DIR=./data`);
  }
}

/** The one line for a failed listen on `host:port` (the main port, or METRICS_PORT with its own names). */
export function listenProblem(err: unknown, host: string, port: number, names = { port: 'PORT', host: 'HOST' }): string | undefined {
  const code = codeOf(err);
  const other = port === 8070 ? 8071 : 8070;
  if (code === 'EADDRINUSE') {
    return `${names.port} ${port} is already in use on ${host} (is the server already running?); stop that process or choose another port, e.g. ${names.port}=${other}`;
  }
  if (code === 'EACCES') return `${names.port} ${port} may not be used by this user; choose a port above 1023, e.g. ${names.port}=8069, and put a proxy in front`;
  if (['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL'].includes(code)) {
    return `${names.host} "${host}" is not an address of this machine; e.g. ${names.host}=127.0.0.1, or ${names.host}=0.0.0.0 to accept other machines`;
  }
  return undefined;
}

/** Binds `host:port` for a moment, so a port taken by another process is reported before anything else runs. */
export async function checkPortFree(host: string, port: number, names?: { port: string; host: string }): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err) => {
      const line = listenProblem(err, host, port, names);
      reject(line === undefined ? err : new StartupError(line));
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
