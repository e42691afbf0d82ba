import os from 'node:os';
import type { FastifyRequest } from 'fastify';

/** Where links point: the absolute base of this server as its clients reach it. */
export interface Urls {
  base: string;
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** Names this server answers to by itself: localhost, its HOST, and the addresses of its interfaces. */
function ownHostnames(configuredHost: string): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  if (!WILDCARDS.has(configuredHost)) names.add(configuredHost.includes(':') ? `[${configuredHost}]` : configuredHost);
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) names.add(a.family === 'IPv6' ? `[${a.address}]` : a.address);
  }
  return names;
}

/** PORT and the port the server really listens on (they differ when PORT is 0). */
function ownPorts(request: FastifyRequest, configuredPort: number): Set<number> {
  const address = request.server.server.address();
  return new Set([configuredPort, ...(address !== null && typeof address === 'object' ? [address.port] : [])]);
}

let cached: { host: string; names: Set<string> } | undefined;

/**
 * The absolute base for links the widget and the console receive: PUBLIC_URL when configured, else
 * the address the request came to, but only when its Host names this server itself, on its own port or
 * none (issue 11: a forged `Host: evil.example` or `Host: localhost:6379` must never reach URLs that
 * other people are sent, such as an operator's copy of a visitor's message); any other Host gets
 * `http://localhost:<PORT>`. The widget runs on
 * another origin, so relative links would point at the host page.
 */
export function urlsFor(request: FastifyRequest): Urls {
  const { publicUrl, host, port } = request.server.config;
  if (publicUrl) return { base: publicUrl };
  if (cached?.host !== host) cached = { host, names: ownHostnames(host) };
  const hostname = request.hostname.toLowerCase();
  const own = cached.names.has(hostname) && (request.port === null || ownPorts(request, port).has(request.port));
  return { base: own ? `${request.protocol}://${request.host}` : `${request.protocol}://localhost:${port}` };
}
