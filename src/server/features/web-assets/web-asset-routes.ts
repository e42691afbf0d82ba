import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import { PathSegment, QueryValue } from '../../core/schemas/http.js';
import { LOCALE_PATH, TRANSLATIONS_PATH } from '../../../protocol/routes.js';

const LangParametersSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  direction: Type.Enum(['ltr', 'rtl']),
  date_format: Type.String(),
  time_format: Type.String(),
  grouping: Type.String(),
  decimal_point: Type.String(),
  thousands_sep: Type.String(),
  week_start: Type.Integer(),
});

/** The translations body of PROTOCOL.md §9 (livechat/translations.ts builds it). */
const TranslationsSchema = Type.Object({
  lang: Type.String(),
  lang_parameters: LangParametersSchema,
  modules: Type.Object({ livechat: Type.Object({ messages: Type.Array(Type.Object({ id: Type.String(), string: Type.String() })) }) }),
  multi_lang: Type.Boolean(),
});

const LANG = 'A language tag (fr_FR, fr-FR or fr); English when it names no shipped language';

/**
 * Translations for the widget and the console, from locales/ (PROTOCOL.md §9 shape). Public and CORS,
 * because the widget loads them from the host page's origin.
 * - `GET /web/webclient/translations/{hash}?lang=fr_FR`: cached for a year when the hash is current.
 * - `GET /web/webclient/locale/{lang}`: the same body for one language (we ship JSON, not moment.js files).
 */
export async function webAssetRoutes(app: FastifyInstance): Promise<void> {
  const translations = {
    summary: 'The translations of one language',
    params: Type.Object({ hash: PathSegment('The catalogs’ hash from the session info; the current one makes the answer cacheable for a year') }),
    querystring: Type.Object({ lang: Type.Optional(QueryValue(LANG)) }),
    response: { 200: TranslationsSchema },
  };
  app.get<{ Params: { hash: string }; Querystring: { lang?: string | string[] } }>(`${TRANSLATIONS_PATH}/:hash`, { schema: translations }, async (request, reply) => {
    const lang = typeof request.query.lang === 'string' ? request.query.lang : undefined;
    void reply.header('Access-Control-Allow-Origin', '*');
    void reply.header('Cache-Control', request.params.hash === app.locales.hash ? 'public, max-age=31536000, immutable' : 'no-cache');
    return app.locales.body(lang);
  });

  const locale = { summary: 'The translations of one language', params: Type.Object({ lang: PathSegment(LANG) }), response: { 200: TranslationsSchema } };
  app.get<{ Params: { lang: string } }>(`${LOCALE_PATH}/:lang`, { schema: locale }, async (request, reply) => {
    void reply.header('Access-Control-Allow-Origin', '*');
    void reply.header('Cache-Control', 'public, max-age=3600');
    return app.locales.body(request.params.lang);
  });
}
