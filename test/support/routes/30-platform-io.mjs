/**
 * Real HTTP routes for the platform download and asset tests, under /__test__/platform-io/.
 *
 * POST download?disposition=plain|star|none[&status=N][&drop=1]: answers a file whose content is the JSON
 *   of the form fields received; `drop` closes the connection without an answer.
 * POST web/public_assets/render (JSON-RPC, params {xmlid}): the public-asset render answer for a few
 *   named bundles (an RpcClient with this folder as its base URL reaches it).
 * GET asset.css, asset.js: the files those bundles link to.
 */
const BASE = '/__test__/platform-io/';

async function readBody(ctx) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const DISPOSITIONS = {
  plain: 'attachment; filename="report; final \\"v2\\".txt"',
  star: "attachment; filename=\"fallback.txt\"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%E2%82%AC%20%E6%97%A5%E6%9C%AC.txt",
};

async function download(ctx) {
  if (ctx.query.drop) {
    // Nothing is sent; without a status Koa's default 404 would have the runner report a missing file.
    ctx.status = 200;
    ctx.respond = false;
    ctx.req.socket.destroy();
    return;
  }
  const body = await readBody(ctx);
  const form = await new globalThis.Response(body, { headers: { 'content-type': ctx.get('content-type') } }).formData();
  const fields = {};
  for (const [name, value] of form.entries()) fields[name] = typeof value === 'string' ? value : `file:${value.name}`;
  const status = Number(ctx.query.status ?? 200);
  ctx.status = status;
  if (status !== 200) {
    ctx.type = 'text/html';
    ctx.body = '<h1>Internal Server Error</h1>';
    return;
  }
  const disposition = DISPOSITIONS[ctx.query.disposition];
  if (disposition) ctx.set('Content-Disposition', disposition);
  ctx.type = 'application/octet-stream';
  ctx.body = JSON.stringify(fields);
}

const BUNDLES = {
  'test.good': {
    css_libs: [`${BASE}asset.css`],
    css_contents: ['.platform-io-inline { margin-left: 7px; }'],
    js_libs: [`${BASE}asset.js`],
    js_contents: ['window.__platformIoInline = (window.__platformIoInline || 0) + 1;'],
  },
  'test.css-only': {
    css_libs: [`${BASE}asset.css`],
    css_contents: [],
    js_libs: [],
    js_contents: [],
  },
  'test.broken-css': {
    css_libs: [`${BASE}missing.css`],
    css_contents: [],
    js_libs: [],
    js_contents: [],
  },
  'test.broken-js': {
    css_libs: [],
    css_contents: [],
    js_libs: [`${BASE}missing.js`],
    js_contents: [],
  },
  'test.bad-shape': { css_libs: 'not a list' },
};

async function assets(ctx) {
  const request = JSON.parse((await readBody(ctx)).toString('utf8') || '{}');
  const xmlid = request.params?.xmlid;
  ctx.type = 'application/json';
  if (!(xmlid in BUNDLES)) {
    ctx.body = JSON.stringify({
      jsonrpc: '2.0',
      id: request.id ?? null,
      error: {
        code: 200,
        message: 'Odoo Server Error',
        data: { name: 'ValueError', message: `External ID not found: ${xmlid}`, debug: '', arguments: [], exception_type: 'internal_error' },
      },
    });
    return;
  }
  ctx.body = JSON.stringify({ jsonrpc: '2.0', id: request.id ?? null, result: BUNDLES[xmlid] });
}

/** Koa middleware serving the routes above. */
export default async function platformIoRoutes(ctx, next) {
  if (!ctx.path.startsWith(BASE)) return next();
  const name = ctx.path.slice(BASE.length);
  if (name === 'download' && ctx.method === 'POST') return download(ctx);
  if (name === 'web/public_assets/render' && ctx.method === 'POST') return assets(ctx);
  if (name === 'asset.css') {
    ctx.type = 'text/css';
    ctx.body = '.platform-io-probe { color: rgb(1, 2, 3); }';
    return undefined;
  }
  if (name === 'asset.js') {
    ctx.type = 'application/javascript';
    ctx.body = 'window.__platformIoLib = (window.__platformIoLib || 0) + 1;';
    return undefined;
  }
  return next();
}
