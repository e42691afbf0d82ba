/**
 * What the browser actually received for the scripts of one origin, read from the DevTools protocol's
 * Network domain rather than recomputed from the files: compressed bodies as sent, headers, and
 * nothing for what the HTTP cache answered.
 */
import type { CDPSession } from 'playwright-core';

/** The scripts of one phase of a visit. */
export interface WireTally {
  /** Script requests made (cache hits included). */
  requests: number;
  /** Body bytes received, compressed as sent. */
  bodyBytes: number;
  /** Response header bytes received. */
  headerBytes: number;
  /** Answered from the browser's cache without a request to the server. */
  fromCache: number;
  /** Revalidated with the server: 304, headers only. */
  notModified: number;
}

interface Entry {
  headerBytes: number;
  status: number;
  fromCache: boolean;
  totalBytes?: number;
}

/** Counts the script bytes a page receives from `origin`, phase by phase. */
export class WireBytes {
  readonly #entries = new Map<string, Entry>();
  #taken = new Set<string>();

  private constructor(cdp: CDPSession, origin: string) {
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script' || !event.response.url.startsWith(origin)) return;
      const response = event.response;
      this.#entries.set(event.requestId, {
        headerBytes: response.encodedDataLength,
        status: response.status,
        fromCache: Boolean(response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker),
      });
    });
    cdp.on('Network.requestServedFromCache', (event) => {
      const entry = this.#entries.get(event.requestId);
      if (entry) entry.fromCache = true;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = this.#entries.get(event.requestId);
      if (entry) entry.totalBytes = event.encodedDataLength;
    });
  }

  /** Starts counting on a page's DevTools session. */
  static async start(cdp: CDPSession, origin: string): Promise<WireBytes> {
    const counter = new WireBytes(cdp, origin);
    // The cache stays on: a repeat visit is measured with what the first one left in it.
    await cdp.send('Network.enable');
    return counter;
  }

  /** The scripts finished since the last call. */
  take(): WireTally {
    const tally: WireTally = { requests: 0, bodyBytes: 0, headerBytes: 0, fromCache: 0, notModified: 0 };
    for (const [id, entry] of this.#entries) {
      if (this.#taken.has(id) || entry.totalBytes === undefined) continue;
      this.#taken.add(id);
      tally.requests += 1;
      if (entry.fromCache || entry.totalBytes === 0) {
        tally.fromCache += 1;
        continue;
      }
      const body = Math.max(0, entry.totalBytes - entry.headerBytes);
      // DevTools reports a revalidated response with the cached one's status (200), so a 304 shows as no body.
      if (entry.status === 304 || body === 0) tally.notModified += 1;
      tally.headerBytes += Math.min(entry.headerBytes, entry.totalBytes);
      tally.bodyBytes += body;
    }
    return tally;
  }
}

/** Adds two tallies. */
export function addTallies(a: WireTally, b: WireTally): WireTally {
  return {
    requests: a.requests + b.requests,
    bodyBytes: a.bodyBytes + b.bodyBytes,
    headerBytes: a.headerBytes + b.headerBytes,
    fromCache: a.fromCache + b.fromCache,
    notModified: a.notModified + b.notModified,
  };
}
