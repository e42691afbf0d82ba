import { beforeEach, it } from 'node:test';
import assert from 'node:assert/strict';
import { loggerOptions } from '../../../src/server/core/logging.js';
import { describeEachEngine, type Harness } from '../support/harness.js';
import { LOAD_TEMPLATES_ROUTE, POLL_ROUTE, SESSION_AUTHENTICATE_ROUTE } from '../../../src/protocol/routes.js';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string; headers: Record<string, unknown> };
  res?: { statusCode: number; headers: Record<string, unknown> };
  [key: string]: unknown;
}

const DEBUG = 20;
const INFO = 30;

/** Logs the app's lines into `lines` at `level`. */
function captureLogs(h: Harness, level: string): LogLine[] {
  const lines: LogLine[] = [];
  h.logger = loggerOptions(level, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return lines;
}

const requestLines = (lines: LogLine[], url: string) => lines.filter((l) => l.msg === 'request completed' && l.req?.url === url);

describeEachEngine('request logs at LOG_LEVEL=info', (h) => {
  const lines = captureLogs(h, 'info');
  beforeEach(() => {
    lines.length = 0;
  });

  it('writes exactly one line per request, at info', async () => {
    await h.app.inject({ method: 'GET', url: '/healthz' });
    await h.call(LOAD_TEMPLATES_ROUTE);
    const posted = requestLines(lines, LOAD_TEMPLATES_ROUTE);
    assert.equal(posted.length, 1);
    assert.equal(posted[0]!.level, INFO);
    assert.equal(posted[0]!.res?.statusCode, 200);
    assert.equal(lines.filter((l) => l.msg === 'incoming request').length, 0);
    // Probes come every few seconds: their lines are at debug.
    assert.equal(requestLines(lines, '/healthz').length, 0);
    await h.app.inject({ method: 'GET', url: '/no-such-page' });
    assert.deepEqual(
      lines.filter((l) => JSON.stringify(l).includes('/no-such-page')).map((l) => [l.msg, l.res?.statusCode]),
      [['request completed', 404]],
    );
  });

  it('the poll route writes its line at debug, so none at info', async () => {
    const { body } = await h.rpc(POLL_ROUTE, { channels: [], last: 0 });
    assert.deepEqual(body.result, []);
    assert.equal(requestLines(lines, POLL_ROUTE).length, 0);
  });

  it('a request line carries no cookie, authorization or set-cookie value', async () => {
    const cookie = await h.login('admin', 'admin-test-password');
    const sessionValue = cookie.split('=')[1]!;
    assert.ok(sessionValue.length > 8);
    await h.call(LOAD_TEMPLATES_ROUTE, undefined, { cookie, headers: { authorization: 'Bearer very-secret-token' } });
    const text = JSON.stringify(lines);
    assert.ok(!text.includes(sessionValue), 'the session cookie value is logged');
    assert.ok(!text.includes('very-secret-token'), 'the bearer token is logged');
    assert.ok(!text.includes('admin-test-password'), 'the password is logged');
    const line = requestLines(lines, LOAD_TEMPLATES_ROUTE)[0]!;
    assert.equal(line.req?.headers.cookie, '[Redacted]');
    assert.equal(line.req?.headers.authorization, '[Redacted]');
    const login = requestLines(lines, SESSION_AUTHENTICATE_ROUTE)[0]!;
    assert.equal(login.res?.headers['set-cookie'], '[Redacted]');
  });

  it('a request line carries no attachment access token, in its URL or its Referer', async () => {
    await h.app.inject({
      method: 'GET',
      url: '/web/content/999?download=true&access_token=url-secret-1234',
      headers: { referer: 'https://shop.example/chat?Access_Token=referer-secret-5678&x=1' },
    });
    const text = JSON.stringify(lines);
    assert.ok(!text.includes('url-secret-1234'), 'the token in the URL is logged');
    assert.ok(!text.includes('referer-secret-5678'), 'the token in the Referer is logged');
    const line = lines.find((l) => l.msg === 'request completed' && l.req?.url.startsWith('/web/content/999'));
    assert.equal(line?.req?.url, '/web/content/999?download=true&access_token=[Redacted]');
    assert.equal(line?.req?.headers.referer, 'https://shop.example/chat?Access_Token=[Redacted]&x=1');
  });

  it('redacts a password passed along in a log call', async () => {
    h.app.log.info({ operator: { login: 'x', password: 'hunter2-secret' } }, 'something');
    assert.ok(!JSON.stringify(lines).includes('hunter2-secret'));
  });
});

describeEachEngine('request logs at LOG_LEVEL=debug', (h) => {
  const lines = captureLogs(h, 'debug');

  it('the poll route writes its request line at debug', async () => {
    const { body } = await h.rpc(POLL_ROUTE, { channels: [], last: 0 });
    assert.deepEqual(body.result, []);
    const polls = requestLines(lines, POLL_ROUTE);
    assert.equal(polls.length, 1);
    assert.equal(polls[0]!.level, DEBUG);
  });
});
