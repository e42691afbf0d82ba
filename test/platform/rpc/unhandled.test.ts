import { expect, waitUntil } from '@open-wc/testing';
import type * as RpcModule from '../../../src/platform/rpc/index.js';
import type * as ErrorsModule from '../../../src/platform/errors.js';
import type { AnyPlatformError } from '../../../src/platform/errors.js';
import type { RpcErrorEvent } from '../../../src/platform/rpc/index.js';
import { ownRealm, type OwnRealm } from '../support/own-realm.js';

// Every call below that nobody awaits rejects unhandled on purpose: the product's report of such
// rejections is what is tested, in a frame of its own (support/own-realm.ts).
describe('the global rpc_error event', () => {
  let realm: OwnRealm;
  let rpc: typeof RpcModule;
  let errors: typeof ErrorsModule;
  let client: RpcModule.RpcClient;
  let received: AnyPlatformError[] = [];
  const listen = (event: RpcErrorEvent) => {
    received.push(event.detail);
    // The test reads the event; cancelling it keeps the default console report out of the test log.
    event.preventDefault();
  };

  before(async () => {
    realm = ownRealm();
    rpc = await realm.load<typeof RpcModule>('../../../src/platform/rpc/index.js', import.meta.url);
    errors = await realm.load<typeof ErrorsModule>('../../../src/platform/errors.js', import.meta.url);
    client = new rpc.RpcClient();
  });
  after(() => realm.remove());

  beforeEach(() => {
    received = [];
    realm.window.addEventListener(rpc.RPC_ERROR_EVENT, listen);
  });
  afterEach(() => realm.window.removeEventListener(rpc.RPC_ERROR_EVENT, listen));

  it('is dispatched on window, cancelable, with the error as detail when nobody handles the rejection', async () => {
    let seen: RpcErrorEvent | undefined;
    const keep = (event: RpcErrorEvent) => (seen = event);
    realm.window.addEventListener(rpc.RPC_ERROR_EVENT, keep);
    try {
      void client.call('/__test__/rpc/error-200');
      await waitUntil(() => received.length === 1, 'no rpc_error event arrived');
    } finally {
      realm.window.removeEventListener(rpc.RPC_ERROR_EVENT, keep);
    }
    expect(received[0]).to.be.instanceOf(errors.RpcServerError);
    expect((received[0] as ErrorsModule.RpcServerError).error.data.message).to.equal('The record is locked');
    expect(seen?.cancelable).to.be.true;
    expect(seen?.defaultPrevented).to.be.true;
  });

  it('is not dispatched for a rejection the caller handles', async () => {
    let handled: unknown;
    await client.call('/__test__/rpc/error-200').catch((err: unknown) => (handled = err));
    // A second, unhandled call: once its event is in, the first one would have been reported before it.
    void client.call('/__test__/rpc/html-500');
    await waitUntil(() => received.length > 0, 'no rpc_error event arrived');
    expect(received).to.have.length(1);
    expect(received[0]).to.be.instanceOf(errors.RpcNetworkError);
    expect(received[0]).not.to.equal(handled);
  });

  it('is not dispatched when the caller calls preventDefault on the error', () => {
    const error = new errors.RpcNetworkError('/x', 'network', 'Failed to fetch');
    error.preventDefault();
    expect(rpc.reportRpcError(error, realm.window)).to.be.false;
    expect(received).to.have.length(0);
  });

  it('is not dispatched for an aborted call', async () => {
    void client.call('/__test__/rpc/echo', {}, { signal: AbortSignal.abort() });
    void client.call('/__test__/rpc/error-100');
    await waitUntil(() => received.length > 0, 'no rpc_error event arrived');
    expect(received.map((e) => e.code)).to.deep.equal([100]);
  });

  it('is reported once even when several promise chains drop the same error', async () => {
    // The two chains are made by the frame's own code: a chain made here would reject in this realm.
    const dropTwice = new realm.window.Function('call', "call.then(() => 'a'); call.then(() => 'b');") as (call: Promise<unknown>) => void;
    dropTwice(client.call('/__test__/rpc/error-200'));
    void client.call('/__test__/rpc/error-100');
    await waitUntil(() => received.some((e) => e.code === 100), 'no rpc_error event arrived');
    expect(received.filter((e) => e.code === 200)).to.have.length(1);
  });

  it('logs the error to the console unless a listener cancels the event', () => {
    realm.window.removeEventListener(rpc.RPC_ERROR_EVENT, listen);
    const logged: unknown[] = [];
    const console = realm.window.console;
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args.join(' '));
    try {
      expect(rpc.reportRpcError(new errors.RpcNetworkError('/a', 'timeout', 'timeout'), realm.window)).to.be.true;
      const cancel = (e: Event) => e.preventDefault();
      realm.window.addEventListener(rpc.RPC_ERROR_EVENT, cancel);
      expect(rpc.reportRpcError(new errors.RpcNetworkError('/b', 'timeout', 'timeout'), realm.window)).to.be.false;
      realm.window.removeEventListener(rpc.RPC_ERROR_EVENT, cancel);
    } finally {
      console.error = original;
    }
    expect(logged).to.deep.equal(['rpc_error: RpcNetworkError: XmlHttpRequestError timeout']);
  });
});
