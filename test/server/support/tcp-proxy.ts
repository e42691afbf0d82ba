/**
 * A TCP proxy between an app and PostgreSQL that a test steers: it holds the bytes of one chosen
 * statement (before the database sees it, or its answer after the database ran it), resets connections,
 * and goes down and up. Faults land at exact points of the protocol, with no timing involved.
 */
import net from 'node:net';

/** ReadyForQuery: the database finished the statement (and committed it, outside a transaction). */
const READY_FOR_QUERY = Buffer.from([0x5a, 0, 0, 0, 5]);

type HoldWhat = 'request' | 'reply';

interface Hold {
  marker: Buffer;
  what: HoldWhat;
  resolve: (connection: ProxiedConnection) => void;
}

/** One app-to-database connection through the proxy. */
export class ProxiedConnection {
  #heldRequest: Buffer[] | undefined;
  #heldReply: Buffer[] | undefined;
  #replyHold: Hold | undefined;
  #endWhenReleased = false;
  /** Resolves once the database closed its side. */
  readonly closedByServer: Promise<void>;

  constructor(
    private readonly proxy: TcpProxy,
    readonly client: net.Socket,
    readonly server: net.Socket,
  ) {
    client.on('data', (chunk) => this.#fromClient(chunk));
    server.on('data', (chunk) => this.#fromServer(chunk));
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
    // Ended, not destroyed: the database's last words (a FATAL error before it closes) still reach the
    // app, after whatever is held.
    client.on('close', () => server.end());
    this.closedByServer = new Promise((resolve) =>
      server.on('close', () => {
        if (this.#heldReply) this.#endWhenReleased = true;
        else client.end();
        resolve();
      }),
    );
  }

  /** The local port of the proxy's socket to the database: `client_port` in pg_stat_activity. */
  get backendClientPort(): number {
    return this.server.localPort ?? 0;
  }

  /** Both sides see their connection reset (ECONNRESET), as when a network device drops it. */
  reset(): void {
    this.client.resetAndDestroy();
    this.server.resetAndDestroy();
  }

  /** Stops forwarding in both directions, as a stalled network does: nothing is lost, nothing arrives. */
  pause(): void {
    this.client.pause();
    this.server.pause();
  }

  /** Forwards again what {@link pause} stalled. */
  resume(): void {
    this.client.resume();
    this.server.resume();
  }

  /** Forwards what was held and stops holding. */
  release(): void {
    const request = this.#heldRequest ?? [];
    const reply = this.#heldReply ?? [];
    this.#heldRequest = undefined;
    this.#heldReply = undefined;
    for (const chunk of request) this.server.write(chunk);
    for (const chunk of reply) this.client.write(chunk);
    if (this.#endWhenReleased) this.client.end();
  }

  #fromClient(chunk: Buffer): void {
    if (this.#heldRequest) {
      this.#heldRequest.push(chunk);
      return;
    }
    const hold = this.proxy.takeHold(chunk);
    if (hold?.what === 'request') {
      this.#heldRequest = [chunk];
      hold.resolve(this);
      return;
    }
    if (hold) this.#replyHold = hold;
    this.server.write(chunk);
  }

  #fromServer(chunk: Buffer): void {
    if (this.#replyHold && !this.#heldReply) this.#heldReply = [];
    if (!this.#heldReply) {
      this.client.write(chunk);
      return;
    }
    this.#heldReply.push(chunk);
    const hold = this.#replyHold;
    if (hold && Buffer.concat(this.#heldReply).includes(READY_FOR_QUERY)) {
      this.#replyHold = undefined;
      hold.resolve(this);
    }
  }
}

/** Listens on a loopback port and forwards to `target`. */
export class TcpProxy {
  readonly #connections = new Set<ProxiedConnection>();
  #holds: Hold[] = [];
  #server: net.Server | undefined;
  #paused = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** The proxy's address for a database URL of the target server. */
  url(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Starts listening (again on the same port after {@link down}). */
  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      const connection = new ProxiedConnection(this, client, upstream);
      if (this.#paused) connection.pause();
      this.#connections.add(connection);
      client.on('close', () => this.#connections.delete(connection));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  /** Stops listening and resets every connection: the database is unreachable until {@link up}. */
  async down(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const c of this.#connections) c.reset();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Stalls every connection, and those opened meanwhile, until {@link resume}. */
  pause(): void {
    this.#paused = true;
    for (const c of this.#connections) c.pause();
  }

  /** Ends a {@link pause}: the stalled bytes flow on. */
  resume(): void {
    this.#paused = false;
    for (const c of this.#connections) c.resume();
  }

  /** Resets every open connection (ECONNRESET on both sides) and keeps accepting new ones; returns how many. */
  resetAll(): number {
    const count = this.#connections.size;
    for (const c of this.#connections) c.reset();
    return count;
  }

  /**
   * Resolves with the connection that sent a statement containing `marker`: with `request`, held
   * before the database sees it; with `reply`, run by the database, its whole answer held.
   */
  hold(marker: string, what: HoldWhat): Promise<ProxiedConnection> {
    return new Promise((resolve) => this.#holds.push({ marker: Buffer.from(marker), what, resolve }));
  }

  /** The armed hold `chunk` matches, taken off the list. */
  takeHold(chunk: Buffer): Hold | undefined {
    const i = this.#holds.findIndex((h) => chunk.includes(h.marker));
    return i < 0 ? undefined : this.#holds.splice(i, 1)[0];
  }
}
