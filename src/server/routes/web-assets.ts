import type { FastifyInstance } from 'fastify';

/**
 * Translations for the widget and the console, from locales/ (PROTOCOL.md §9 shape). Public and CORS,
 * because the widget loads them from the host page's origin.
 * - `GET /web/webclient/translations/{hash}?lang=fr_FR`: cached for a year when the hash is current.
 * - `GET /web/webclient/locale/{lang}`: the same body for one language (we ship JSON, not moment.js files).
 */
export async function webAssetRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { hash: string }; Querystring: { lang?: string } }>('/web/webclient/translations/:hash', async (request, reply) => {
    const lang = typeof request.query.lang === 'string' ? request.query.lang : undefined;
    void reply.header('Access-Control-Allow-Origin', '*');
    void reply.header('Cache-Control', request.params.hash === app.locales.hash ? 'public, max-age=31536000, immutable' : 'no-cache');
    return app.locales.body(lang);
  });

  app.get<{ Params: { lang: string } }>('/web/webclient/locale/:lang', async (request, reply) => {
    void reply.header('Access-Control-Allow-Origin', '*');
    void reply.header('Cache-Control', 'public, max-age=3600');
    return app.locales.body(request.params.lang);
  });
}
