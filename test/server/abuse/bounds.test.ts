/**
 * Out-of-range numbers, oversized domain texts and malformed multipart bodies are the caller's mistake:
 * a 400-class answer (a validation error in the JSON-RPC envelope), never an internal error with a
 * logged stack, on either engine.
 */
import { beforeEach, it } from 'node:test';
import assert from 'node:assert/strict';
import { loggerOptions } from '../../../src/server/core/logging.js';
import { ADMIN_PASSWORD, describeEachEngine } from '../support/harness.js';
import { OPERATOR_UPLOAD_ROUTE } from '../../../src/protocol/console/routes.js';
import { CALL_KW_ROUTE, POLL_ROUTE, SEARCH_READ_ROUTE } from '../../../src/protocol/routes.js';
import { VISITOR_UPLOAD_ROUTE } from '../../../src/protocol/visitor-upload.js';

const ERROR_LEVEL = 50;

describeEachEngine('hostile numbers, lengths and bodies', (h) => {
  const lines: { level: number; msg: string }[] = [];
  h.logger = loggerOptions('info', { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
  beforeEach(() => {
    lines.length = 0;
  });
  const errorsLogged = () => lines.filter((l) => l.level >= ERROR_LEVEL).map((l) => l.msg);

  it('a poll `last` beyond the safe integers is a validation error', async () => {
    for (const last of [1e19, 2 ** 60, 9007199254740992, 1e300]) {
      const { body } = await h.rpc(POLL_ROUTE, { channels: [], last });
      assert.equal(body.error?.data.exception_type, 'validation_error', `last ${last}: ${JSON.stringify(body)}`);
    }
    assert.deepEqual(errorsLogged(), []);
  });

  it('dataset calls with huge numbers or a 100,000-character ilike are validation errors', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const calls: [string, unknown][] = [
      [`${CALL_KW_ROUTE}/mail.channel/search_read`, { model: 'mail.channel', method: 'search_read', args: [[['id', '=', 1e300]]], kwargs: {} }],
      [`${CALL_KW_ROUTE}/mail.channel/search_read`, { model: 'mail.channel', method: 'search_read', args: [[['id', 'in', [1, 1e19]]]], kwargs: {} }],
      [`${CALL_KW_ROUTE}/mail.channel/search_read`, { model: 'mail.channel', method: 'search_read', args: [[]], kwargs: { limit: 1e300 } }],
      [SEARCH_READ_ROUTE, { model: 'mail.channel', domain: [], fields: ['name'], offset: 1e300 }],
      [SEARCH_READ_ROUTE, { model: 'mail.channel', domain: [['name', 'ilike', 'x'.repeat(100_000)]], fields: ['name'] }],
      [SEARCH_READ_ROUTE, { model: 'mail.channel', domain: [['name', 'in', ['y'.repeat(5_000)]]], fields: ['name'] }],
    ];
    for (const [url, params] of calls) {
      const { body } = await h.rpc(url, params, { cookie: admin });
      assert.equal(body.error?.data.exception_type, 'validation_error', `${url} ${JSON.stringify(params).slice(0, 120)}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    assert.deepEqual(errorsLogged(), []);
  });

  it('a multipart body without a boundary is refused with 400 on both upload routes', async () => {
    const { cookie, session } = await h.visitorSession();
    for (const [url, headers] of [
      [VISITOR_UPLOAD_ROUTE, {}],
      [OPERATOR_UPLOAD_ROUTE, { cookie }],
    ] as const) {
      for (const type of ['multipart/form-data', 'multipart/form-data; charset=utf-8', 'multipart/form-data; boundary=']) {
        const res = await h.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': type }, payload: `uuid=${session.uuid}` });
        assert.equal(res.statusCode, 400, `${url} ${type}: ${res.body}`);
      }
    }
    assert.deepEqual(errorsLogged(), []);
  });
});
