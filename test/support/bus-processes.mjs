// Real server processes for the bus tests: `src/server/main.ts` run by Node with tsx, exactly as
// `npm run serve` runs the built file, so kill -9 and a second process on one database are real.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The admin password every process started here seeds (or already has). */
export const BUS_ADMIN_PASSWORD = 'bus-admin-password';

/**
 * Starts one server process and resolves when it listens.
 * @param {{ env?: Record<string, string>, port?: number, readyTimeoutMs?: number }} [options]
 */
export function startServerProcess({ env = {}, port = 0, readyTimeoutMs = 60_000 } = {}) {
  const childEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...childEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      LIVECHAT_ADMIN_PASSWORD: BUS_ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${readyTimeoutMs} ms:\n${output}`));
    }, readyTimeoutMs);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /(?:demo|home) page:\s+(http:\/\/\S+?)\/?\s/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const url = match[1].replace('//localhost:', '//127.0.0.1:');
      resolve({
        url,
        port: Number(new URL(url).port),
        pid: child.pid,
        output: () => output,
        exited,
        /** kill -9: no shutdown hook runs, held polls see their connection reset. */
        async crash() {
          child.kill('SIGKILL');
          await exited;
        },
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timeout);
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      output += chunk.toString();
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

/**
 * One JSON-RPC call over real HTTP. Resolves with the result, the error and the cookie to send back.
 * @param {string} base
 * @param {string} route
 * @param {unknown} params
 * @param {{ cookie?: string, signal?: AbortSignal }} [init]
 */
export async function rpcCall(base, route, params, init = {}) {
  const res = await globalThis.fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: Math.floor(Math.random() * 1e9) }),
    signal: init.signal,
  });
  const body = await res.json();
  const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { result: body.result, error: body.error, cookie: setCookie };
}

/**
 * Logs the seeded admin in (so an operator is online) and opens a visitor session on channel 1.
 * @param {string} base
 */
export async function openVisitorSession(base) {
  const login = await rpcCall(base, '/web/session/authenticate', { db: 'livechat', login: 'admin', password: BUS_ADMIN_PASSWORD });
  if (login.error) throw new Error(`login failed: ${JSON.stringify(login.error)}`);
  const session = await rpcCall(base, '/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Visitor', previous_operator_id: null });
  if (!session.result) throw new Error(`no session: ${JSON.stringify(session)}`);
  return { uuid: session.result.uuid, sessionId: session.result.id, operatorCookie: login.cookie };
}
