/**
 * A host page module for the cross-tab bus end-to-end tests (demo/bus-test.html?uuid=<session uuid>):
 * each open tab joins the bus of this server, shows its role, and lists the messages that reach it.
 */
import type { BusNotification } from '../src/protocol/livechat.js';
import { CrossTabBus } from '../src/platform/bus/cross-tab-bus.js';
import { createBusStore } from '../src/platform/bus/bus-store.js';
import { isAbortLike } from '../src/platform/bus/poll-loop.js';
import { RpcClient } from '../src/platform/rpc/client.js';

const uuid = new URLSearchParams(location.search).get('uuid') ?? '';
const roleOutput = document.getElementById('role') as HTMLOutputElement;
const list = document.getElementById('messages') as HTMLUListElement;

/** Message bodies are HTML; the test page shows their text only, parsed inertly (no script runs). */
function textOf(body: unknown): string {
  return new DOMParser().parseFromString(String(body ?? ''), 'text/html').body.textContent ?? '';
}

const client = new RpcClient({ baseUrl: location.origin });
const bus = new CrossTabBus({
  poll: (params, signal) => client.call<BusNotification[]>('/longpolling/poll', params, { signal, timeout: 60_000, silent: true }),
  storage: createBusStore(location.origin),
  lifecycle: window,
  isAbortError: isAbortLike,
});
bus.onRoleChange((role) => {
  roleOutput.value = role;
});
bus.subscribe((notification) => {
  if (notification.channel !== uuid) return;
  const item = document.createElement('li');
  item.dataset.id = String(notification.id);
  item.textContent = textOf((notification.message as { body?: unknown }).body);
  list.append(item);
});
if (uuid) {
  bus.start();
  bus.addChannel(uuid);
}
