import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

export interface StaticFilesOptions {
  rootDir: string;
}

/**
 * Serves the built widget (dist/) at the site root, so `<script src="/live-chat.js">` works, and the
 * demo host pages (also at the root: `/` is the demo page). Widget files carry `Access-Control-Allow-Origin: *` because host pages on other
 * origins import the lazy chunks as ES modules (MACHINE-NOTES.md "Content Security Policy").
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
      setHeaders(reply) {
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
        // The strict-CSP demo (issue 5): the widget must work without inline scripts or styles, eval or <style>.
        if (path.basename(filePath) === 'csp.html') reply.header('Content-Security-Policy', "script-src 'self'; style-src 'self'");
      },
    });
  },
  { name: 'static-files' },
);
