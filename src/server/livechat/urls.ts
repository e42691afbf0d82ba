import type { FastifyRequest } from 'fastify';
import type { Urls } from './format.js';

/**
 * The absolute base for links the widget receives: PUBLIC_URL when configured, else the address the
 * request came to (the widget runs on another origin, so relative links would point at the host page).
 */
export function urlsFor(request: FastifyRequest, publicUrl: string | undefined): Urls {
  return { base: publicUrl ?? `${request.protocol}://${request.host}` };
}
