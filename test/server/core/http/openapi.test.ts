/**
 * The OpenAPI document at /api/openapi.json describes every route the server registers, with its method
 * and the schemas the route declares (collected here as Fastify registers them).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteOptions } from 'fastify';
import { Harness } from '../../support/harness.js';

type Operation = { requestBody?: { content: Record<string, { schema: unknown }> }; parameters?: { in: string; name: string }[]; responses?: Record<string, unknown> };
type Doc = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };

/** `/web/content/:id` → `/web/content/{id}`, `/web/dataset/call_kw/*` → `/web/dataset/call_kw/{*}`, as @fastify/swagger writes them. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
}

/** A schema as @fastify/swagger writes it: `const: x` becomes `enum: [x]` (for swagger-ui). */
function asDocumented(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asDocumented);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => (k === 'const' ? ['enum', [v]] : [k, asDocumented(v)])));
}

/**
 * Routes deliberately left out of the document, each with its reason. Anything else a route registers
 * must be in it.
 */
function exclusionOf(route: RouteOptions, method: string): string | undefined {
  // Fastify answers HEAD for every GET route with the same handler; the GET operation documents both.
  if (method === 'HEAD') return 'HEAD twin of a GET route';
  // Browsers send these by themselves before a cross-origin call to a visitor route; no client calls them.
  if (method === 'OPTIONS') return 'CORS pre-flight of a visitor route';
  // Files served as built (the widget's scripts, the beep, demo pages): @fastify/static registers one
  // hidden GET route per file. Only a file name may be hidden; an API route never is.
  const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
  if (hidden && method === 'GET' && /(^\/livechat\/static\/|\.[a-z0-9]+$|\/$)/.test(route.url)) return 'static files';
  return undefined;
}

describe('the OpenAPI document', () => {
  const routes: RouteOptions[] = [];
  const h = new Harness('sqlite', { METRICS_TOKEN: 'a-metrics-token-for-the-test' });
  let doc: Doc;
  before(async () => {
    h.onRoute = (route) => routes.push(route);
    await h.start();
    const res = await h.app.inject({ url: '/api/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json() as Doc;
  });
  after(() => h.stop());

  it('is OpenAPI 3.1 for this server', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.title, 'live-chat-server');
    assert.match(doc.info.version, /^\d+\.\d+\.\d+/);
  });

  it('lists every registered route with its method and declared schemas', () => {
    let checked = 0;
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        if (exclusionOf(route, method)) continue;
        const path = openApiPath(route.url);
        const operation = doc.paths[path]?.[method.toLowerCase()];
        assert.ok(operation, `${method} ${route.url} is in the document`);
        const schema = (route.schema ?? {}) as { body?: unknown; params?: unknown; querystring?: unknown; response?: Record<string, unknown> };
        assert.ok(schema.response, `${method} ${route.url} declares its answer`);
        for (const status of Object.keys(schema.response)) assert.ok(operation.responses?.[status.replace('xx', 'XX')], `${method} ${route.url} answers ${status}`);
        if (method === 'POST') assert.ok(schema.body, `${method} ${route.url} declares its body`);
        const bodies = schema.body && ('content' in (schema.body as object) ? (schema.body as { content: Record<string, { schema: unknown }> }).content : { 'application/json': { schema: schema.body } });
        for (const [type, body] of Object.entries(bodies || {})) {
          assert.deepEqual(operation.requestBody?.content[type]?.schema, asDocumented(body.schema), `${method} ${route.url} ${type} body schema`);
        }
        for (const name of route.url.match(/:(\w+)/g) ?? []) {
          assert.ok(schema.params, `${method} ${route.url} declares its path parameters`);
          assert.ok(operation.parameters?.some((p) => p.in === 'path' && p.name === name.slice(1)), `${method} ${route.url} documents ${name}`);
        }
        checked += 1;
      }
    }
    assert.ok(checked > 40, `${checked} routes checked`);
  });

  it('documents no route the server does not have', () => {
    const registered = new Set(routes.flatMap((r) => [r.method].flat().map((m) => `${m.toLowerCase()} ${openApiPath(r.url)}`)));
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) assert.ok(registered.has(`${method} ${path}`), `${method} ${path} is a route`);
    }
  });

  it('is limited per address like the other public routes', async () => {
    const from = (address: string) => h.app.inject({ url: '/api/openapi.json', remoteAddress: address });
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await from('203.0.113.77')).statusCode);
    assert.deepEqual(codes.slice(0, 30), Array(30).fill(200));
    assert.equal(codes[30], 429);
    assert.equal((await from('203.0.113.78')).statusCode, 200, 'another address keeps its allowance');
  });
});
