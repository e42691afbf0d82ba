import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HtmlPage, PlainText, Redirect } from '../../core/schemas/http.js';

/**
 * The console's page is script- and style-free HTML loading `operator.js` and `operator.css` from the
 * same folder, so the strictest policy holds: nothing inline, nothing from elsewhere, no framing.
 */
export const OPERATOR_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `GET /operator/`: the operator console (issue 7), built by rollup into dist/operator/ (index.html,
 * operator.js, operator.css; the scripts themselves are served by the static plugin). `/operator`
 * redirects so the page's relative links resolve inside the folder.
 */
export async function operatorPageRoutes(app: FastifyInstance): Promise<void> {
  const file = path.join(app.config.rootDir, 'dist', 'operator', 'index.html');

  app.get('/operator', { schema: { summary: 'Redirects to /operator/', response: { 301: Redirect('To /operator/') } } }, async (_request, reply) => reply.redirect('/operator/', 301));

  const page = {
    summary: 'The operator console',
    response: { 200: HtmlPage('The console’s page'), 503: PlainText('The console is not built yet') },
  };
  app.get('/operator/', { schema: page }, async (_request, reply) => {
    let html: string;
    try {
      html = await fs.readFile(file, 'utf8');
    } catch {
      return reply.status(503).type('text/plain; charset=utf-8').send('The operator console is not built yet: run `npm run build`.');
    }
    return reply
      .header('Content-Security-Policy', OPERATOR_PAGE_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'same-origin')
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
