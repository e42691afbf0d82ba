/**
 * Issue 12: a site missing from ALLOWED_ORIGINS can read why `/im_livechat/init` refuses it (and
 * nothing else), and the server tells its owner once an hour per site, with bounded memory.
 */
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loggerOptions } from '../../../../src/server/core/logging.js';
import { RefusedOriginLog, REFUSED_ORIGIN_LOG_INTERVAL_MS } from '../../../../src/server/core/http/refused-origins.js';
import { describeEachEngine } from '../../support/harness.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE, INIT_ROUTE, LOAD_TEMPLATES_ROUTE, POLL_ROUTE } from '../../../../src/protocol/routes.js';

const HOUR = REFUSED_ORIGIN_LOG_INTERVAL_MS;

describe('the refused-origin log throttle', () => {
  it('warns once per origin per interval', () => {
    const log = new RefusedOriginLog();
    assert.equal(log.toWarn('https://evil.example', 0), 'https://evil.example');
    assert.equal(log.toWarn('https://evil.example', HOUR - 1), undefined);
    assert.equal(log.toWarn('https://other.example', HOUR - 1), 'https://other.example');
    assert.equal(log.toWarn('https://evil.example', HOUR), 'https://evil.example');
  });

  it('remembers at most its capacity, and invented names beyond it get no lines until the interval passes', () => {
    const log = new RefusedOriginLog(HOUR, 3);
    for (const name of ['a', 'b', 'c']) assert.ok(log.toWarn(`https://${name}.example`, 0));
    assert.equal(log.toWarn('https://d.example', 1), undefined);
    assert.equal(log.size, 3);
    assert.equal(log.toWarn('https://d.example', HOUR), 'https://d.example');
    assert.ok(log.size <= 3);
  });

  it('keys and logs an oversized or odd origin by a bounded start', () => {
    const log = new RefusedOriginLog();
    const huge = `https://${'x'.repeat(10_000)}.example`;
    assert.equal(log.toWarn(huge, 0)?.length, 200);
    assert.equal(log.toWarn(`${huge}-other-tail`, 1), undefined, 'the same start is the same site');
    assert.equal(log.toWarn('__proto__', 0), '__proto__');
    assert.equal(log.toWarn('__proto__', 1), undefined);
  });
});

interface LogLine {
  level: number;
  msg: string;
  origin?: string;
}
const WARN = 40;

describeEachEngine(
  'a site that is not allowed, over real HTTP',
  (h) => {
    const lines: LogLine[] = [];
    h.logger = loggerOptions('info', { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    const warnings = () => lines.filter((l) => l.level === WARN && /ALLOWED_ORIGINS/.test(l.msg));
    let base = '';
    const call = (path: string, origin: string, params: unknown = { channel_id: 1 }) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: 1 }) });
    const preflight = (path: string, origin: string) =>
      fetch(`${base}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });

    it('starts listening on a free port', async () => {
      base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    });
    beforeEach(() => {
      lines.length = 0;
    });

    it('init lets the refused site read its refusal, which carries no data', async () => {
      const pre = await preflight(INIT_ROUTE, 'https://evil.example');
      assert.equal(pre.headers.get('access-control-allow-origin'), 'https://evil.example');
      const res = await call(INIT_ROUTE, 'https://evil.example');
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://evil.example');
      assert.equal(res.headers.get('access-control-allow-credentials'), null);
      const body = (await res.json()) as { result?: unknown; error?: { data: { name: string; exception_type: string } } };
      assert.equal(body.result, undefined);
      assert.equal(body.error?.data.name, 'livechat.OriginNotAllowed');
      assert.equal(body.error?.data.exception_type, 'access_error');
    });

    it('every other visitor route stays unreadable for that site', async () => {
      for (const path of [LOAD_TEMPLATES_ROUTE, GET_SESSION_ROUTE, POLL_ROUTE, CHAT_POST_ROUTE]) {
        assert.equal((await preflight(path, 'https://evil.example')).headers.get('access-control-allow-origin'), null, path);
        assert.equal((await call(path, 'https://evil.example', {})).headers.get('access-control-allow-origin'), null, path);
      }
    });

    it('the allowed site still gets its answer', async () => {
      const res = await call(INIT_ROUTE, 'https://shop.example');
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://shop.example');
      assert.ok(((await res.json()) as { result?: unknown }).result);
    });

    it("logs one warning per site per hour, whatever the site's traffic", async () => {
      h.clock.advance(HOUR);
      for (let i = 0; i < 5; i += 1) await call(INIT_ROUTE, 'https://flood.example');
      await call(INIT_ROUTE, 'https://second.example');
      assert.deepEqual(warnings().map((l) => l.origin), ['https://flood.example', 'https://second.example']);
      h.clock.advance(HOUR);
      await call(INIT_ROUTE, 'https://flood.example');
      assert.deepEqual(warnings().map((l) => l.origin), ['https://flood.example', 'https://second.example', 'https://flood.example']);
    });

    it('hostile Origin headers: oversized, control-free odd names, __proto__', async () => {
      const huge = `https://${'y'.repeat(4000)}.example`;
      const res = await call(INIT_ROUTE, huge);
      assert.equal(((await res.json()) as { error?: { data: { name: string } } }).error?.data.name, 'livechat.OriginNotAllowed');
      await call(INIT_ROUTE, '__proto__');
      const [first, second] = warnings();
      assert.equal(first?.origin?.length, 200);
      assert.equal(second?.origin, '__proto__');
      assert.equal(((await call(INIT_ROUTE, 'https://shop.example')).status), 200, 'the server is unharmed');
    });
  },
  { ALLOWED_ORIGINS: 'https://shop.example' },
);
