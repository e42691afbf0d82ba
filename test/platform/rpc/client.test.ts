import { expect, waitUntil } from '@open-wc/testing';
import { RpcClient } from '../../../src/platform/rpc/index.js';
import { RpcNetworkError, RpcServerError } from '../../../src/platform/errors.js';
import { SESSION_INFO_ROUTE } from '../../../src/protocol/routes.js';

// Every call goes over real HTTP to the test server's /__test__/rpc routes (test/support/routes).
const client = new RpcClient();

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    // The test handles the error: keep it out of the global rpc_error report.
    if (err instanceof RpcServerError || err instanceof RpcNetworkError) err.preventDefault();
    return err;
  }
  throw new Error('the call resolved, a rejection was expected');
}

interface Echo {
  received: { jsonrpc: string; method: string; id: number; params?: Record<string, unknown> };
  contentType: string;
  cookie: string | null;
  probe: string | null;
}

describe('RpcClient: the JSON-RPC envelope', () => {
  it('posts {jsonrpc: "2.0", method: "call", params, id} as JSON and resolves with the result', async () => {
    const echo = await client.call<Echo>('/__test__/rpc/echo', { channel_id: 1, uuid: 'abc' });
    expect(echo.contentType).to.equal('application/json');
    expect(echo.received.jsonrpc).to.equal('2.0');
    expect(echo.received.method).to.equal('call');
    expect(echo.received.params).to.deep.equal({ channel_id: 1, uuid: 'abc' });
    expect(Number.isInteger(echo.received.id)).to.be.true;
    expect(echo.received.id).to.be.at.least(0).and.below(1e9);
  });

  it('draws a fresh id for each call', async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 5; i += 1) ids.add((await client.call<Echo>('/__test__/rpc/echo')).received.id);
    expect(ids.size).to.be.greaterThan(1);
  });

  it('leaves params out when the call has none', async () => {
    const echo = await client.call<Echo>('/__test__/rpc/echo');
    expect(echo.received).not.to.have.property('params');
  });

  it('sends Dates inside params as naive UTC "YYYY-MM-DD HH:MM:SS"', async () => {
    const echo = await client.call<Echo>('/__test__/rpc/echo', { at: new Date(Date.UTC(2024, 0, 5, 7, 8, 9, 500)), nested: { list: [new Date(0)] } });
    expect(echo.received.params).to.deep.equal({ at: '2024-01-05 07:08:09', nested: { list: ['1970-01-01 00:00:00'] } });
  });

  it('resolves with undefined when the answer has neither result nor error', async () => {
    expect(await client.call('/__test__/rpc/no-result')).to.equal(undefined);
  });

  it('adds the client and call headers', async () => {
    const withHeaders = new RpcClient({ headers: { 'X-Probe': 'client' } });
    expect((await withHeaders.call<Echo>('/__test__/rpc/echo')).probe).to.equal('client');
    expect((await withHeaders.call<Echo>('/__test__/rpc/echo', {}, { headers: { 'X-Probe': 'call' } })).probe).to.equal('call');
  });
});

describe('RpcClient: server errors', () => {
  it('rejects with a typed server error carrying code, message and data', async () => {
    const err = await rejection(client.call('/__test__/rpc/error-200'));
    expect(err).to.be.instanceOf(RpcServerError);
    const server = err as RpcServerError;
    expect(server.type).to.equal('server');
    expect(server.code).to.equal(200);
    expect(server.route).to.equal('/__test__/rpc/error-200');
    expect(server.message).to.equal('The record is locked');
    expect(server.error.message).to.equal('Odoo Server Error');
    expect(server.error.data.message).to.equal('The record is locked');
    expect(server.error.data.debug).to.equal('Traceback (most recent call last): line 1');
    expect(server.error.data.arguments).to.deep.equal(['The record is locked', '']);
    expect(server.error.data.exception_type).to.equal('user_error');
    expect(server.isSessionInvalid).to.be.false;
  });

  it('fills a partial error object so data fields can always be read', async () => {
    const err = (await rejection(client.call('/__test__/rpc/partial-error'))) as RpcServerError;
    expect(err.message).to.equal('Odoo Server Error');
    expect(err.error.data).to.deep.equal({ name: '', message: '', debug: '', arguments: [], exception_type: 'internal_error' });
  });

  it('runs the session-invalid hooks for code 100, and only for code 100', async () => {
    const own = new RpcClient();
    const seen: RpcServerError[] = [];
    const stop = own.onSessionInvalid((e) => seen.push(e));
    await rejection(own.call('/__test__/rpc/error-200'));
    expect(seen).to.have.length(0);
    const err = (await rejection(own.call('/__test__/rpc/error-100'))) as RpcServerError;
    expect(err.code).to.equal(100);
    expect(err.isSessionInvalid).to.be.true;
    expect(seen).to.deep.equal([err]);
    stop();
    await rejection(own.call('/__test__/rpc/error-100'));
    expect(seen).to.have.length(1);
  });

  it('still rejects with the server error when a session hook throws', async () => {
    const own = new RpcClient();
    own.onSessionInvalid(() => {
      throw new Error('faulty hook');
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(await rejection(own.call('/__test__/rpc/error-100'))).to.be.instanceOf(RpcServerError);
    } finally {
      console.error = original;
    }
  });

  it('reads a 429 answer with a JSON-RPC body as that server error', async () => {
    const err = (await rejection(client.call('/__test__/rpc/too-many'))) as RpcServerError;
    expect(err).to.be.instanceOf(RpcServerError);
    expect(err.error.data.message).to.equal('Too many requests, please slow down.');
    expect(err.error.data.exception_type).to.equal('warning');
  });
});

describe('RpcClient: network failures', () => {
  it('rejects a non-JSON 500 with code -32098 and the HTTP status as cause', async () => {
    const err = (await rejection(client.call('/__test__/rpc/html-500'))) as RpcNetworkError;
    expect(err).to.be.instanceOf(RpcNetworkError);
    expect(err.type).to.equal('network');
    expect(err.code).to.equal(-32098);
    expect(err.reason).to.equal('http');
    expect(err.status).to.equal(500);
    expect(err.message).to.equal('XmlHttpRequestError 500 Internal Server Error');
  });

  it('rejects a JSON 404 that is not a JSON-RPC error as an HTTP failure', async () => {
    const err = (await rejection(client.call('/__test__/rpc/json-404'))) as RpcNetworkError;
    expect(err.code).to.equal(-32098);
    expect(err.status).to.equal(404);
    expect(err.message).to.equal('XmlHttpRequestError 404 Not Found');
  });

  it('rejects a 200 answer that is not JSON as "XmlHttpRequestError parsererror"', async () => {
    const err = (await rejection(client.call('/__test__/rpc/html-200'))) as RpcNetworkError;
    expect(err.reason).to.equal('parse');
    expect(err.message).to.equal('XmlHttpRequestError parsererror');
  });

  it('rejects with code -32098 and "XmlHttpRequestError <cause>" when nothing answers', async () => {
    // Port 9 (discard) on the loopback address: nothing listens there, so the connection is refused.
    const unreachable = new RpcClient({ baseUrl: 'http://127.0.0.1:9' });
    const err = (await rejection(unreachable.call(SESSION_INFO_ROUTE))) as RpcNetworkError;
    expect(err).to.be.instanceOf(RpcNetworkError);
    expect(err.code).to.equal(-32098);
    expect(err.reason).to.equal('network');
    expect(err.message).to.match(/^XmlHttpRequestError \S/);
  });

  it('rejects an aborted call with "XmlHttpRequestError abort"', async () => {
    const controller = new AbortController();
    const call = client.call('/__test__/rpc/slow?ms=5000', {}, { signal: controller.signal });
    await waitUntil(() => client.pending > 0, 'the call never started');
    controller.abort();
    const err = (await rejection(call)) as RpcNetworkError;
    expect(err.code).to.equal(-32098);
    expect(err.reason).to.equal('abort');
    expect(err.message).to.equal('XmlHttpRequestError abort');
  });

  it('does not even send a call whose signal is already aborted', async () => {
    const err = (await rejection(client.call('/__test__/rpc/echo', {}, { signal: AbortSignal.abort() }))) as RpcNetworkError;
    expect(err.message).to.equal('XmlHttpRequestError abort');
  });

  it('gives up after the timeout with "XmlHttpRequestError timeout"', async () => {
    const err = (await rejection(client.call('/__test__/rpc/slow?ms=5000', {}, { timeout: 50 }))) as RpcNetworkError;
    expect(err.code).to.equal(-32098);
    expect(err.reason).to.equal('timeout');
    expect(err.message).to.equal('XmlHttpRequestError timeout');
  });

  it('answers normally when the answer comes before the timeout', async () => {
    expect(await client.call('/__test__/rpc/slow?ms=10', {}, { timeout: 60_000 })).to.equal('late');
  });
});

describe('RpcClient: loading events', () => {
  it('fires rpc:request and rpc:response for a normal call, with the outcome', async () => {
    const own = new RpcClient();
    const events: string[] = [];
    own.on('rpc:request', (e) => events.push(`request ${e.detail.route}`));
    own.on('rpc:response', (e) => events.push(`response ${e.detail.route} ${e.detail.outcome}`));
    await own.call('/__test__/rpc/no-result');
    await rejection(own.call('/__test__/rpc/error-200'));
    await rejection(own.call('/__test__/rpc/html-500'));
    expect(events).to.deep.equal([
      'request /__test__/rpc/no-result',
      'response /__test__/rpc/no-result success',
      'request /__test__/rpc/error-200',
      'response /__test__/rpc/error-200 server_error',
      'request /__test__/rpc/html-500',
      'response /__test__/rpc/html-500 failure',
    ]);
  });

  it('fires no loading event for a silent call', async () => {
    const own = new RpcClient();
    let count = 0;
    own.on('rpc:request', () => (count += 1));
    own.on('rpc:response', () => (count += 1));
    await own.call('/__test__/rpc/echo', {}, { silent: true });
    await rejection(own.call('/__test__/rpc/error-200', {}, { silent: true }));
    expect(count).to.equal(0);
    await own.call('/__test__/rpc/echo');
    expect(count).to.equal(2);
  });
});

describe('RpcClient: base URL and credentials', () => {
  before(() => {
    document.cookie = 'rpcprobe=1; path=/';
  });
  after(() => {
    document.cookie = 'rpcprobe=; path=/; max-age=0';
  });

  it('sends no cookie by default, even to its own origin', async () => {
    expect((await client.call<Echo>('/__test__/rpc/echo')).cookie).to.equal(null);
  });

  it('sends the cookie with credentials "same-origin"', async () => {
    const withCookies = new RpcClient({ credentials: 'same-origin' });
    expect((await withCookies.call<Echo>('/__test__/rpc/echo')).cookie).to.contain('rpcprobe=1');
  });

  it('calls routes relative to a base URL on another origin', async () => {
    const otherHost = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
    const other = new RpcClient({ baseUrl: `${location.protocol}//${otherHost}:${location.port}/__test__/rpc/` });
    expect(other.url('echo')).to.equal(`${location.protocol}//${otherHost}:${location.port}/__test__/rpc/echo`);
    const echo = await other.call<Echo>('/echo', { visitor: true });
    expect(echo.received.params).to.deep.equal({ visitor: true });
    expect(echo.cookie).to.equal(null);
  });
});
