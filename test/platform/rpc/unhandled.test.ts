import { expect, waitUntil } from '@open-wc/testing';
import { RPC_ERROR_EVENT, RpcClient, reportRpcError, type RpcErrorEvent } from '../../../src/platform/rpc/index.js';
import { RpcNetworkError, RpcServerError, type AnyPlatformError } from '../../../src/platform/errors.js';

describe('the global rpc_error event', () => {
  const client = new RpcClient();
  let received: AnyPlatformError[] = [];
  const listen = (event: RpcErrorEvent) => {
    received.push(event.detail);
    // The test reads the event; cancelling it keeps the default console report out of the test log.
    event.preventDefault();
  };

  beforeEach(() => {
    received = [];
    window.addEventListener(RPC_ERROR_EVENT, listen);
  });
  afterEach(() => window.removeEventListener(RPC_ERROR_EVENT, listen));

  it('is dispatched on window, cancelable, with the error as detail when nobody handles the rejection', async () => {
    let seen: RpcErrorEvent | undefined;
    const keep = (event: RpcErrorEvent) => (seen = event);
    window.addEventListener(RPC_ERROR_EVENT, keep);
    try {
      void client.call('/__test__/rpc/error-200');
      await waitUntil(() => received.length === 1, 'no rpc_error event arrived');
    } finally {
      window.removeEventListener(RPC_ERROR_EVENT, keep);
    }
    expect(received[0]).to.be.instanceOf(RpcServerError);
    expect((received[0] as RpcServerError).error.data.message).to.equal('The record is locked');
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
    expect(received[0]).to.be.instanceOf(RpcNetworkError);
    expect(received[0]).not.to.equal(handled);
  });

  it('is not dispatched when the caller calls preventDefault on the error', () => {
    const error = new RpcNetworkError('/x', 'network', 'Failed to fetch');
    error.preventDefault();
    expect(reportRpcError(error)).to.be.false;
    expect(received).to.have.length(0);
  });

  it('is not dispatched for an aborted call', async () => {
    void client.call('/__test__/rpc/echo', {}, { signal: AbortSignal.abort() });
    void client.call('/__test__/rpc/error-100');
    await waitUntil(() => received.length > 0, 'no rpc_error event arrived');
    expect(received.map((e) => e.code)).to.deep.equal([100]);
  });

  it('is reported once even when several promise chains drop the same error', async () => {
    const call = client.call('/__test__/rpc/error-200');
    void call.then(() => 'a');
    void call.then(() => 'b');
    void client.call('/__test__/rpc/error-100');
    await waitUntil(() => received.some((e) => e.code === 100), 'no rpc_error event arrived');
    expect(received.filter((e) => e.code === 200)).to.have.length(1);
  });

  it('logs the error to the console unless a listener cancels the event', () => {
    window.removeEventListener(RPC_ERROR_EVENT, listen);
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args.join(' '));
    try {
      expect(reportRpcError(new RpcNetworkError('/a', 'timeout', 'timeout'))).to.be.true;
      const cancel = (e: Event) => e.preventDefault();
      window.addEventListener(RPC_ERROR_EVENT, cancel);
      expect(reportRpcError(new RpcNetworkError('/b', 'timeout', 'timeout'))).to.be.false;
      window.removeEventListener(RPC_ERROR_EVENT, cancel);
    } finally {
      console.error = original;
    }
    expect(logged).to.deep.equal(['rpc_error: RpcNetworkError: XmlHttpRequestError timeout']);
  });
});
