/** The admin password every process started by {@link startServerProcess} seeds. */
export const BUS_ADMIN_PASSWORD: string;

/** A running server process. */
export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: string | null }>;
  /** kill -9. */
  crash(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/** Starts `src/server/main.ts` in its own Node process and resolves when it listens. */
export function startServerProcess(options?: { env?: Record<string, string>; port?: number; readyTimeoutMs?: number }): Promise<ServerProcess>;

/** The answer of one JSON-RPC call. */
export interface RpcAnswer<T = unknown> {
  result: T;
  error?: { code: number; message: string; data: { message: string } };
  cookie: string;
}

/** One JSON-RPC call over real HTTP. */
export function rpcCall<T = unknown>(base: string, route: string, params: unknown, init?: { cookie?: string; signal?: AbortSignal }): Promise<RpcAnswer<T>>;

/** Logs the seeded admin in and opens a visitor session on channel 1. */
export function openVisitorSession(base: string): Promise<{ uuid: string; sessionId: number; operatorCookie: string }>;
