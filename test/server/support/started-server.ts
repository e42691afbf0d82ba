/** A built or installed server started as its own process, the way a site owner starts it. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { freePort } from '../../support/free-port.mjs';

export interface StartedServer {
  base: string;
  /** Everything the process printed so far. */
  log(): string;
  stop(): Promise<void>;
}

/** Runs `command args` in `cwd` on a free loopback port and resolves once it reports ready. */
export async function startServer(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<StartedServer> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 30_000;
  while (!output.includes('live-chat server ready')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      assert.fail(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base: `http://127.0.0.1:${port}`, log: () => output, stop };
}

/** `/im_livechat/init` for channel 1, as the widget asks it. */
export async function initAnswer(base: string): Promise<{ available_for_me: boolean } | undefined> {
  const init = await fetch(`${base}/im_livechat/init`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { channel_id: 1 } }) });
  return ((await init.json()) as { result?: { available_for_me: boolean } }).result;
}
