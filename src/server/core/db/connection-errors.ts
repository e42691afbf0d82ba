/**
 * Errors that mean the database connection, not the statement, failed: the database shut down or
 * restarted (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), a connection
 * exception (class 08), or the socket itself broke. Whether a statement that was running committed is
 * then unknown, and the request is worth trying again once the pool has reconnected.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// pg reports a socket closed under it, or a connect that timed out, only by these messages.
const MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/** True when `err` (or an error it wraps) says the connection to the database was lost or refused. */
export function isConnectionLost(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) return true;
    if (MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * Runs a read again, once, when its connection was lost: the pool hands out a fresh connection, so a
 * single dropped connection (an administrator's terminate, a reset) costs the caller nothing. Reads
 * only: a write's commit is unknown after such a failure.
 */
export async function readRetryingOnce<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (!isConnectionLost(err)) throw err;
    return read();
  }
}
