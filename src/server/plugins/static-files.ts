import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

export interface StaticFilesOptions {
  rootDir: string;
}

const LOOPBACK = 'http://localhost:* http://127.0.0.1:*';
const FRAMING_POLICY = "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'";
const DEMO_POLICY = [
  `default-src 'self' ${LOOPBACK}`,
  `img-src 'self' data: blob: ${LOOPBACK}`,
  `media-src 'self' data: blob: ${LOOPBACK}`,
  `frame-src 'self' blob: ${LOOPBACK} https://www.youtube-nocookie.com https://www.youtube.com`,
  FRAMING_POLICY,
].join('; ');

/**
 * rollup.config.mjs names split chunks `chunks/[name]-[hash].js` (`lib/` for the library): a change
 * gives a new name, so such a file can be cached for good. Entry files (`live-chat.js`) keep their
 * name across builds, since host pages hard-code it, and must be revalidated.
 */
const HASHED_FILE = /(?:^|[\\/])(?:chunks|lib)[\\/][^\\/]+-[\w-]{8,}\.js(?:\.map)?$/;

/** The Cache-Control of a built file, judged by its name (a precompressed copy by its original's). */
export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(filePath.replace(/\.(?:br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built widget (dist/) at the site root, so `<script src="/live-chat.js">` works, and the
 * demo host pages (also at the root: `/` is the demo page). Widget files carry `Access-Control-Allow-Origin: *` because host pages on other
 * origins import the lazy chunks as ES modules (MACHINE-NOTES.md "Content Security Policy"). Built
 * files go out precompressed when the client accepts it, and are cached by their name (HASHED_FILE).
 */
export const staticFilesPlugin = fp(
  async (app: FastifyInstance, opts: StaticFilesOptions) => {
    const distDir = path.join(opts.rootDir, 'dist');
    const demoDir = path.join(opts.rootDir, 'demo');
    if (!fs.existsSync(path.join(distDir, 'live-chat.js'))) {
      app.log.warn({ distDir }, 'the widget is not built yet: run `npm run build` (npm start does it for you)');
    }
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: false,
      // The .br and .gz copies written by the build (rollup.config.mjs `precompress`).
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', cacheControlFor(filePath));
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        reply.header('X-Content-Type-Options', 'nosniff');
      },
    });
    await app.register(fastifyStatic, {
      root: demoDir,
      prefix: '/',
      index: ['index.html'],
      decorateReply: false,
      wildcard: false,
      setHeaders(reply, filePath) {
        if (!filePath.endsWith('.html')) return;
        // The strict-CSP demo (issue 5): the widget must work without inline scripts or styles, eval or <style>.
        // Every other demo page sends what a careful site sends (issue 11), with room for the widget
        // served from the other loopback name (cross-origin.html) and for YouTube attachments.
        reply.header('Content-Security-Policy', path.basename(filePath) === 'csp.html' ? `script-src 'self'; style-src 'self'; ${FRAMING_POLICY}` : DEMO_POLICY);
        reply.header('X-Frame-Options', 'SAMEORIGIN');
        reply.header('X-Content-Type-Options', 'nosniff');
        reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
        reply.header('Cross-Origin-Opener-Policy', 'same-origin');
      },
    });
  },
  { name: 'static-files' },
);
