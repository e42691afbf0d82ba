/**
 * Test routes for the platform layer's RPC, session and translation tests: a real HTTP server the
 * browser talks to.
 *
 * - /__test__/rpc/<case> answers one JSON-RPC situation per case (success echo, error 100, error 200,
 *   no result key, a slow answer, 429 with a JSON-RPC body, non-JSON 500 and 200, JSON 404). It allows
 *   any origin (CORS) so a test can call it from another origin.
 * - /__test__/odoo/<run>/… is a small stand-in for the server's generic web routes (PROTOCOL.md §9),
 *   with state and a request log per <run> id so that tests running side by side do not meet.
 *   GET /__test__/odoo/<run>/__log returns what that run received; a GET under /__test__/odoo/<run>/unavailable/
 *   answers 503 with an HTML page, as a proxy in front of a server that is down.
 */

async function readJson(ctx) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}

function sendJson(ctx, body, status = 200) {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

const rpcError = (code, message, data) => ({
  code,
  message,
  data: { name: data.name, message: data.message, debug: data.debug ?? '', arguments: data.arguments ?? [data.message], exception_type: data.exception_type ?? 'internal_error' },
});

const sessionExpired = () =>
  rpcError(100, 'Odoo Session Expired', { name: 'odoo.http.SessionExpiredException', message: 'Session expired', debug: 'Traceback (most recent call last): …' });

async function rpcCase(ctx, name) {
  ctx.set('Access-Control-Allow-Origin', ctx.get('Origin') || '*');
  ctx.set('Vary', 'Origin');
  if (ctx.method === 'OPTIONS') {
    ctx.set('Access-Control-Allow-Methods', 'POST');
    ctx.set('Access-Control-Allow-Headers', 'Origin, X-Requested-With, Content-Type, Accept, X-Probe');
    ctx.set('Access-Control-Max-Age', '86400');
    ctx.status = 204;
    return;
  }
  const body = await readJson(ctx);
  const id = body.id ?? null;
  switch (name) {
    case 'echo':
      return sendJson(ctx, {
        jsonrpc: '2.0',
        id,
        result: { received: body, contentType: ctx.get('Content-Type'), cookie: ctx.get('Cookie') || null, probe: ctx.get('X-Probe') || null },
      });
    case 'error-100':
      return sendJson(ctx, { jsonrpc: '2.0', id, error: sessionExpired() });
    case 'error-200':
      return sendJson(ctx, {
        jsonrpc: '2.0',
        id,
        error: rpcError(200, 'Odoo Server Error', {
          name: 'odoo.exceptions.UserError',
          message: 'The record is locked',
          debug: 'Traceback (most recent call last): line 1',
          arguments: ['The record is locked', ''],
          exception_type: 'user_error',
        }),
      });
    case 'partial-error':
      return sendJson(ctx, { jsonrpc: '2.0', id, error: { code: 200, message: 'Odoo Server Error' } });
    case 'no-result':
      return sendJson(ctx, { jsonrpc: '2.0', id });
    case 'slow': {
      const ms = Number(ctx.query.ms ?? 5000);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        ctx.req.socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return sendJson(ctx, { jsonrpc: '2.0', id, result: 'late' });
    }
    case 'too-many':
      return sendJson(
        ctx,
        { jsonrpc: '2.0', id: null, error: rpcError(200, 'Server Error', { name: 'livechat.UserError', message: 'Too many requests, please slow down.', exception_type: 'warning' }) },
        429,
      );
    case 'html-500':
      ctx.status = 500;
      ctx.type = 'text/html';
      ctx.body = '<html><body>Internal Server Error</body></html>';
      return;
    case 'html-200':
      ctx.status = 200;
      ctx.type = 'text/html';
      ctx.body = '<html><body>Not JSON</body></html>';
      return;
    case 'json-404':
      return sendJson(ctx, { message: 'Route POST:/nowhere not found', error: 'Not Found', statusCode: 404 }, 404);
    default:
      return sendJson(ctx, { error: 'unknown test case' }, 404);
  }
}

/** @type {Map<string, {uid: number | null, log: object[]}>} */
const runs = new Map();

function sessionInfo(uid) {
  return {
    uid,
    is_system: true,
    is_admin: true,
    user_context: { lang: 'fr_FR', tz: 'Europe/Brussels', uid },
    db: 'testdb',
    server_version: '13.0',
    name: 'Mitchell Admin',
    username: 'admin',
    partner_display_name: 'YourCompany, Mitchell Admin',
    company_id: 1,
    partner_id: 3,
    currencies: { 1: { symbol: '€', position: 'after', digits: [69, 2] }, 2: { symbol: '$', position: 'before', digits: [69, 2] } },
    cache_hashes: { translations: 'tr-hash-1', qweb: 'qweb-hash-1', load_menus: 'menus-1' },
  };
}

const GROUPS = new Set(['base.group_user', 'im_livechat.im_livechat_group_user']);

const TRANSLATIONS = {
  fr_FR: {
    lang: 'fr_FR',
    lang_parameters: {
      id: 2,
      name: 'French / Français',
      direction: 'ltr',
      date_format: '%d/%m/%Y',
      time_format: '%H:%M:%S',
      grouping: '[3,0]',
      decimal_point: ',',
      thousands_sep: '\u202f',
      week_start: 1,
    },
    modules: {
      im_livechat: { messages: [{ id: 'Conversation Sent', string: 'Conversation envoyée (serveur)' }] },
      web: { messages: [{ id: 'Not a source text of ours', string: 'Ignorée' }] },
    },
    multi_lang: true,
  },
};

async function odoo(ctx, run, route) {
  if (!runs.has(run)) runs.set(run, { uid: null, log: [] });
  const state = runs.get(run);
  if (route === '/__log' && ctx.method === 'GET') return sendJson(ctx, state.log);

  if (ctx.method === 'GET') {
    state.log.push({ method: 'GET', route, query: { ...ctx.query } });
    const translations = /^\/web\/webclient\/translations\/([^/]+)$/.exec(route);
    if (translations) {
      const body = TRANSLATIONS[ctx.query.lang] ?? { lang: ctx.query.lang, lang_parameters: null, modules: {}, multi_lang: false };
      ctx.set('Cache-Control', 'public, max-age=31536000');
      return sendJson(ctx, body);
    }
    const locale = /^\/web\/webclient\/locale\/([^/]+)$/.exec(route);
    if (locale) {
      ctx.type = 'application/javascript';
      ctx.body = locale[1].startsWith('fr') ? '// locale file for fr\n' : '';
      return;
    }
    if (route.startsWith('/unavailable/')) {
      ctx.status = 503;
      ctx.type = 'text/html';
      ctx.body = '<html><body>Service Unavailable</body></html>';
      return;
    }
    return sendJson(ctx, { error: 'not found' }, 404);
  }

  const body = await readJson(ctx);
  const params = body.params ?? {};
  state.log.push({ method: 'POST', route, params });
  const answer = (result) => sendJson(ctx, result === undefined ? { jsonrpc: '2.0', id: body.id } : { jsonrpc: '2.0', id: body.id, result });
  const fail = (error) => sendJson(ctx, { jsonrpc: '2.0', id: body.id, error });

  if (route === '/web/session/authenticate') {
    if (params.db === 'testdb' && params.login === 'admin' && params.password === 'admin') {
      state.uid = 2;
      return answer(sessionInfo(2));
    }
    return fail(rpcError(200, 'Odoo Server Error', { name: 'odoo.exceptions.AccessDenied', message: 'Access Denied', exception_type: 'access_denied' }));
  }
  if (route === '/web/session/get_session_info') return state.uid ? answer(sessionInfo(state.uid)) : fail(sessionExpired());
  if (route === '/web/session/destroy') {
    state.uid = null;
    return answer(undefined);
  }
  if (route === '/__expire') {
    state.uid = null;
    return answer(true);
  }
  if (!state.uid) return fail(sessionExpired());
  if (route === '/web/dataset/search_read') {
    return answer({ length: 3, records: [{ id: 1, name: 'Alpha' }, { id: 2, name: 'Beta' }] });
  }
  const callKw = /^\/web\/dataset\/call_kw\/([^/]+)\/([^/]+)$/.exec(route);
  if (callKw) {
    if (params.model === 'res.users' && params.method === 'has_group') return answer(GROUPS.has(params.args?.[0]));
    if (params.method === 'read_group') return answer([{ state: 'open', state_count: 4, __domain: [['state', '=', 'open']] }]);
    return answer({ model: params.model, method: params.method });
  }
  return fail(rpcError(404, '404: Not Found', { name: 'werkzeug.exceptions.NotFound', message: 'Not Found' }));
}

/** Koa middleware serving the routes above. */
export default async function platformCoreRoutes(ctx, next) {
  const rpc = /^\/__test__\/rpc\/([a-z0-9-]+)$/.exec(ctx.path);
  if (rpc) return rpcCase(ctx, rpc[1]);
  const fake = /^\/__test__\/odoo\/([A-Za-z0-9-]+)(\/.*)$/.exec(ctx.path);
  if (fake) return odoo(ctx, fake[1], fake[2]);
  return next();
}
