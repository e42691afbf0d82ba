/** One start of the built server that is expected to stop by itself, the way a site owner sees it. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { rootDir } from './harness.js';

export const SERVER_MAIN = path.join(rootDir, 'packages', 'server', 'dist', 'server', 'main.js');

export interface StartAttempt {
  /** The exit code, or undefined when the server came up (it is stopped then). */
  code: number | undefined;
  stdout: string;
  stderr: string;
}

/** Starts `node main.js` in `cwd` with only PATH and `env`; resolves when it exits, or once it reports ready. */
export async function attemptStart(cwd: string, env: Record<string, string>, args: string[] = []): Promise<StartAttempt> {
  assert.ok(fs.existsSync(SERVER_MAIN), 'npm test builds before the node tests');
  const child = spawn(process.execPath, [SERVER_MAIN, ...args], { cwd, env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // A server that neither exits nor reports ready is stopped, so the test fails instead of hanging.
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => {
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      // The banner is written at once and ends with an empty line.
      if (stdout.includes('live-chat server ready') && stdout.endsWith('\n\n')) child.kill('SIGTERM');
    });
    child.once('exit', (code) => {
      clearTimeout(guard);
      resolve({ code: stdout.includes('live-chat server ready') ? undefined : (code ?? -1), stdout, stderr });
    });
  });
}

/** The one line a refused start printed: a single line, prefixed, without any stack frame. */
export function oneLine(text: string): string {
  const lines = text.trim().split('\n');
  assert.equal(lines.length, 1, `one line expected, got:\n${text}`);
  assert.doesNotMatch(text, /^\s+at /m, 'no stack trace');
  return lines[0]!;
}
