/**
 * A small JSON-RPC client over node:http with a keep-alive agent: the load generator of the bench.
 * fetch() is avoided on the hot paths because its per-request overhead would be measured as the server's.
 */
import http from 'node:http';

/** A JSON-RPC answer as the bench sees it. */
export interface RpcReply<T = unknown> {
  status: number;
  result?: T;
  error?: { code: number; message: string; data?: { message?: string } };
  setCookie: string[];
}

/** Failure of a bench request (transport or JSON-RPC error). */
export class BenchRequestError extends Error {
  constructor(
    readonly code: 'http_status' | 'rpc_error' | 'bad_json' | 'transport',
    message: string,
  ) {
    super(message);
  }
}

/** Settings of {@link RpcClient}. */
export interface RpcClientOptions {
  /** Cookie header sent with every call (an operator's session). */
  cookie?: string;
  /** Source address on loopback (127.0.0.x), so several clients spread over more ports. */
  localAddress?: string;
  /** Most sockets kept open to the server. */
  maxSockets?: number;
}

let nextId = 1;

/** Posts JSON-RPC envelopes to one server. */
export class RpcClient {
  readonly agent: http.Agent;
  private readonly url: URL;

  constructor(
    baseUrl: string,
    private readonly options: RpcClientOptions = {},
  ) {
    this.url = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });
  }

  /**
   * Sends one call and resolves with its parsed answer (never rejects on a JSON-RPC error). `signal`
   * drops the request and its socket, as a console does to a held poll when its channels change.
   */
  raw<T>(path: string, params: Record<string, unknown>, timeoutMs = 120_000, signal?: AbortSignal): Promise<RpcReply<T>> {
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: nextId++ });
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          path,
          method: 'POST',
          agent: this.agent,
          localAddress: this.options.localAddress,
          timeout: timeoutMs,
          signal,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...(this.options.cookie ? { cookie: this.options.cookie } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: { result?: T; error?: RpcReply<T>['error'] };
            try {
              parsed = JSON.parse(text) as typeof parsed;
            } catch {
              reject(new BenchRequestError('bad_json', `${path} answered ${res.statusCode} with non-JSON: ${text.slice(0, 200)}`));
              return;
            }
            const setCookie = res.headers['set-cookie'] ?? [];
            resolve({ status: res.statusCode ?? 0, result: parsed.result, error: parsed.error, setCookie });
          });
          res.on('error', (err) => reject(new BenchRequestError('transport', `${path}: ${err.message}`)));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
      req.on('error', (err) => reject(new BenchRequestError('transport', `${path}: ${err.message}`)));
      req.end(body);
    });
  }

  /** Sends one call and returns its result; throws {@link BenchRequestError} on any failure. */
  async call<T>(path: string, params: Record<string, unknown>, timeoutMs?: number, signal?: AbortSignal): Promise<T> {
    const reply = await this.raw<T>(path, params, timeoutMs, signal);
    if (reply.status !== 200) throw new BenchRequestError('http_status', `${path} answered HTTP ${reply.status}: ${reply.error?.data?.message ?? ''}`);
    if (reply.error) throw new BenchRequestError('rpc_error', `${path} failed: ${reply.error.data?.message ?? reply.error.message}`);
    return reply.result as T;
  }

  /** Closes the kept-alive sockets. */
  close(): void {
    this.agent.destroy();
  }
}
