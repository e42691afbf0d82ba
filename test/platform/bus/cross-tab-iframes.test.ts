import { expect, waitUntil } from '@open-wc/testing';
import { CrossTabBus } from '../../../src/platform/bus/cross-tab-bus.js';
import { createBusStore } from '../../../src/platform/bus/bus-store.js';
import { systemClock, type TimerHost } from '../../../src/platform/time/clock.js';
import { busKeyPrefix } from '../../../src/platform/bus/storage-keys.js';
import { createLocalStore } from '../../../src/platform/storage/index.js';
import { httpPoll, namespace, openFrame, push, resetStats, stats } from './http-tabs.js';

// Real tabs as far as one page allows: each "tab" is a same-origin iframe with its own window, timers,
// fetch and localStorage events; the bus polls a real HTTP long-poll route. Removing an iframe unloads
// its document (pagehide), stops its timers and drops its request, as closing a tab does.

interface Tab {
  frame: HTMLIFrameElement;
  bus: CrossTabBus;
  received: number[];
  becameMasterAt?: number;
}

const CHANNEL = 'uuid-iframe';
let frames: HTMLIFrameElement[] = [];
let buses: CrossTabBus[] = [];

async function openTab(ns: string, serverUrl: string, opts: { storageBlocked?: boolean } = {}): Promise<Tab> {
  const frame = await openFrame();
  frames.push(frame);
  const win = frame.contentWindow!;
  const storage = opts.storageBlocked
    ? createLocalStore({
        prefix: busKeyPrefix(serverUrl),
        window: win,
        // What a browser with site data blocked does on any access to localStorage.
        storage: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
        warn: () => undefined,
      })
    : createBusStore(serverUrl, win);
  const bus = new CrossTabBus({
    poll: httpPoll(win, ns),
    storage,
    clock: systemClock(win as unknown as TimerHost),
    lifecycle: win,
  });
  buses.push(bus);
  const tab: Tab = { frame, bus, received: [] };
  bus.subscribe((n) => tab.received.push(n.id));
  bus.onRoleChange((role) => {
    if (role === 'master') tab.becameMasterAt = Date.now();
  });
  bus.start();
  bus.addChannel(CHANNEL);
  return tab;
}

function serverUrlFor(ns: string): string {
  return `http://${ns}.bus-test.invalid`;
}

afterEach(() => {
  for (const bus of buses) bus.stop();
  for (const frame of frames) frame.remove();
  frames = [];
  buses = [];
  for (const key of Object.keys(localStorage)) if (key.includes('.bus-test.invalid')) localStorage.removeItem(key);
});

describe('Cross-tab bus in real tabs (iframes) against a real long-poll route', () => {
  it('only one tab polls and a notification appears in every tab exactly once', async () => {
    const ns = namespace();
    const url = serverUrlFor(ns);
    const tabs = [await openTab(ns, url), await openTab(ns, url), await openTab(ns, url)];
    await waitUntil(async () => (await stats(ns)).inFlight === 1, 'one poll in flight', { timeout: 5000 });
    await push(ns, CHANNEL, { body: 'first' });
    await push(ns, CHANNEL, { body: 'second' });
    await push(ns, 'someone-else', { body: 'not ours' });
    await waitUntil(() => tabs.every((t) => t.received.length >= 2), 'every tab got both', { timeout: 5000 });
    // Give a duplicate every chance to show up (another poll round, more storage events).
    await new Promise((r) => setTimeout(r, 1500));
    for (const t of tabs) expect(t.received).to.deep.equal([1, 2]);
    expect(tabs.filter((t) => t.bus.isMaster)).to.have.length(1);
    expect((await stats(ns)).maxInFlight, 'never two polls at once').to.equal(1);
  });

  it('closing the master hands over at once (not by the 5 s staleness) with nothing lost or doubled', async () => {
    const ns = namespace();
    const url = serverUrlFor(ns);
    const tabs = [await openTab(ns, url), await openTab(ns, url), await openTab(ns, url)];
    await waitUntil(() => tabs.some((t) => t.bus.isMaster), 'a master', { timeout: 5000 });
    await push(ns, CHANNEL, { body: 'before' });
    await waitUntil(() => tabs.every((t) => t.received.length === 1), 'all got the first', { timeout: 5000 });

    const master = tabs.find((t) => t.bus.isMaster)!;
    const rest = tabs.filter((t) => t !== master);
    const lastBeat = Number(localStorage.getItem(`${busKeyPrefix(url)}heartbeat`));
    master.frame.remove();
    await push(ns, CHANNEL, { body: 'during the handover' });
    await waitUntil(() => rest.some((t) => t.bus.isMaster), 'a new master', { timeout: 8000 });
    const successor = rest.find((t) => t.bus.isMaster)!;
    expect(successor.becameMasterAt! - lastBeat, 'elected while the old heartbeat was still fresh').to.be.below(5000);

    await push(ns, CHANNEL, { body: 'after' });
    await waitUntil(() => rest.every((t) => t.received.length >= 3), 'the rest got all three', { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 1000));
    for (const t of rest) expect(t.received).to.deep.equal([1, 2, 3]);
    await waitUntil(async () => (await stats(ns)).inFlight === 1, 'one poll in flight again', { timeout: 3000 });
  });

  it('with storage unavailable every tab polls for itself and still gets everything once', async () => {
    const ns = namespace();
    const url = serverUrlFor(ns);
    const tabs = [await openTab(ns, url, { storageBlocked: true }), await openTab(ns, url, { storageBlocked: true })];
    await waitUntil(async () => (await stats(ns)).inFlight === 2, 'two polls in flight', { timeout: 5000 });
    expect(tabs.every((t) => t.bus.isMaster)).to.equal(true);
    await push(ns, CHANNEL, { body: 'hello' });
    await waitUntil(() => tabs.every((t) => t.received.length === 1), 'each tab got it', { timeout: 5000 });
    for (const t of tabs) expect(t.received).to.deep.equal([1]);
  });

  it('a tab opened later is a follower and polls nothing', async () => {
    const ns = namespace();
    const url = serverUrlFor(ns);
    const first = await openTab(ns, url);
    await waitUntil(() => first.bus.isMaster, 'first is master', { timeout: 5000 });
    await resetStats(ns);
    const second = await openTab(ns, url);
    await new Promise((r) => setTimeout(r, 2000));
    expect(second.bus.role).to.equal('follower');
    expect((await stats(ns)).maxInFlight).to.equal(1);
  });
});
