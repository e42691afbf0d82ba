import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HtmlPage } from '../schemas/http.js';
import { escapeHtml } from '../../../protocol/html-escape.js';
import { urlsFor } from './urls.js';

export interface StaticFilesOptions {
  rootDir: string;
  /** The demo pages' folder; `<rootDir>/demo` unless given. */
  demoDir?: string;
  /** Serve the demo pages of demo/ (DEMO=1). */
  demo: boolean;
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
 * The home page of a server without the demo: the snippet to paste names this server by its full
 * address, since a relative `src` would point at the pasting site itself.
 */
function homePage(base: string): string {
  const server = escapeHtml(base);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Live chat server</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto">
<h1>Live chat server</h1>
<p>Add the chat to a page with:</p>
<pre><code>&lt;script type="module" src="${server}/live-chat.js"&gt;&lt;/script&gt;
&lt;live-chat channel-id="1"&gt;&lt;/live-chat&gt;</code></pre>
<p>The chat button appears on that page once an operator is online in <a href="/operator/">the console</a>.</p>
</body></html>
`;
}

/** The headers a careful site sends with its pages. */
function setPageHeaders(reply: FastifyReply, policy: string): void {
  reply.header('Content-Security-Policy', policy);
  reply.header('X-Frame-Options', 'SAMEORIGIN');
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
}

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
 * The `SourceMap` header of a built script whose map lies beside it, relative to the script's own address:
 * the widget's scripts carry no `//# sourceMappingURL=` comment (rollup.config.mjs), so host pages do not
 * download it. Undefined for other files and where the maps were not installed (the packages leave them out).
 */
export function sourceMapFor(filePath: string): string | undefined {
  const script = filePath.replace(/\.(?:br|gz)$/, '');
  return script.endsWith('.js') && fs.existsSync(`${script}.map`) ? `${path.basename(script)}.map` : undefined;
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
    const demoDir = opts.demoDir ?? path.join(opts.rootDir, 'demo');
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
        const map = sourceMapFor(filePath);
        if (map) reply.header('SourceMap', map);
      },
    });
    if (!opts.demo) {
      // An installed server shows no demo harness: a short page that names what it serves, nothing internal.
      app.get('/', { schema: { summary: 'The server’s home page', response: { 200: HtmlPage('What this server serves') } }, config: { rateLimit: false } }, async (request, reply) => {
        setPageHeaders(reply, `default-src 'none'; style-src 'unsafe-inline'; ${FRAMING_POLICY}`);
        return reply.type('text/html; charset=utf-8').send(homePage(urlsFor(request).base));
      });
      return;
    }
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
        setPageHeaders(reply, path.basename(filePath) === 'csp.html' ? `script-src 'self'; style-src 'self'; ${FRAMING_POLICY}` : DEMO_POLICY);
      },
    });
  },
  { name: 'static-files' },
);
