import { expect } from '@open-wc/testing';
import { CrossTabBus } from '../../../src/platform/bus/cross-tab-bus.js';
import { busKeyPrefix } from '../../../src/platform/bus/storage-keys.js';
import { FakeBusServer } from './fake-bus-server.js';
import { FakeClock } from './fake-clock.js';
import { SharedStorageHub } from './shared-storage-hub.js';

// Election, heartbeat and staleness rules on a fake clock, with tabs simulated in one page (a shared
// map with queued change events stands in for localStorage). Real tabs are in cross-tab-iframes.test.ts.

interface SimTab {
  id: string;
  bus: CrossTabBus;
  received: number[];
  clockView: ReturnType<FakeClock['tab']>;
  storeView: ReturnType<SharedStorageHub['tab']>;
}

function world() {
  const clock = new FakeClock();
  const hub = new SharedStorageHub();
  const server = new FakeBusServer();
  const tabs: SimTab[] = [];
  const open = (id: string): SimTab => {
    const clockView = clock.tab();
    const storeView = hub.tab();
    const bus = new CrossTabBus({ poll: server.poll(id), storage: storeView, clock: clockView, tabId: id, random: () => 0 });
    const tab: SimTab = { id, bus, received: [], clockView, storeView };
    bus.subscribe((n) => tab.received.push(n.id));
    bus.start();
    bus.addChannel('uuid-1');
    tabs.push(tab);
    return tab;
  };
  /** A crash: no pagehide, timers and events simply stop. */
  const crash = (tab: SimTab): void => {
    clock.kill(tab.clockView);
    hub.detach(tab.storeView);
  };
  const masters = () => tabs.filter((t) => t.bus.role === 'master').map((t) => t.id);
  return { clock, hub, server, open, crash, masters };
}

describe('Cross-tab bus election (fake clock)', () => {
  it('elects one master; only it polls; every tab gets each notification once', async () => {
    const w = world();
    const a = w.open('tab-a');
    const b = w.open('tab-b');
    const c = w.open('tab-c');
    await w.clock.tick(100);
    expect(w.masters()).to.deep.equal(['tab-a']);
    expect(w.server.inFlight).to.equal(1);
    w.server.push('uuid-1', { body: 'hello' });
    w.server.push('uuid-1', { body: 'again' });
    await w.clock.tick(100);
    for (const t of [a, b, c]) expect(t.received, t.id).to.deep.equal([1, 2]);
    await w.clock.tick(60_000);
    expect(w.server.maxInFlight, 'never more than one poll in flight').to.equal(1);
    expect(w.masters()).to.deep.equal(['tab-a']);
  });

  it('does not elect while the master heartbeat is at most 5 s old; elects when it is older', async () => {
    const w = world();
    const a = w.open('tab-a');
    const b = w.open('tab-b');
    await w.clock.tick(100);
    w.crash(a);
    const crashedAt = w.clock.now;
    const lastBeat = w.hub.map.get(`heartbeat`);
    expect(lastBeat).to.be.a('string');
    const beatAge = crashedAt - Number(lastBeat);
    await w.clock.tick(5_000 - beatAge - 10);
    expect(b.bus.role, 'heartbeat not yet out of date').to.equal('follower');
    await w.clock.tick(20);
    expect(b.bus.role, 'heartbeat older than 5 s').to.equal('master');
  });

  it('a crashed master is replaced with no notification lost or shown twice', async () => {
    const w = world();
    const a = w.open('tab-a');
    const b = w.open('tab-b');
    const c = w.open('tab-c');
    await w.clock.tick(100);
    w.server.push('uuid-1');
    await w.clock.tick(100);
    w.crash(a);
    w.server.push('uuid-1');
    w.server.push('uuid-1');
    await w.clock.tick(6_000);
    expect(w.masters().filter((m) => m !== 'tab-a')).to.deep.equal(['tab-b']);
    w.server.push('uuid-1');
    await w.clock.tick(100);
    for (const t of [b, c]) expect(t.received, t.id).to.deep.equal([1, 2, 3, 4]);
    expect(w.server.requests.at(-1)!.last).to.equal(4);
  });

  it('a closing master hands over at once through pagehide-like stop', async () => {
    const w = world();
    const a = w.open('tab-a');
    const b = w.open('tab-b');
    await w.clock.tick(100);
    a.bus.stop();
    await w.clock.tick(10);
    expect(b.bus.role).to.equal('master');
    expect(w.server.maxInFlight).to.equal(1);
  });

  it('with several followers, a closing master is replaced by exactly one of them, though their events arrive late', async () => {
    const w = world();
    const a = w.open('tab-a');
    w.open('tab-b');
    w.open('tab-c');
    w.open('tab-d');
    await w.clock.tick(100);
    a.bus.stop();
    // Less than the 5 s staleness: only the "master removed" event can have caused the election.
    await w.clock.tick(10);
    expect(w.masters()).to.deep.equal(['tab-b']);
    await w.clock.tick(60_000);
    expect(w.masters()).to.deep.equal(['tab-b']);
  });

  it('skips peers not heard from for 15 s and removes them', async () => {
    const w = world();
    const a = w.open('tab-a');
    const b = w.open('tab-b');
    const c = w.open('tab-c');
    await w.clock.tick(100);
    w.crash(b);
    await w.clock.tick(17_000);
    const peers = JSON.parse(w.hub.map.get('peers')!) as Record<string, number>;
    expect(Object.keys(peers)).to.deep.equal(['tab-c']);
    w.crash(a);
    await w.clock.tick(6_000);
    expect(c.bus.role, 'the dead tab-b is not elected').to.equal('master');
  });

  it('a master that finds another tab in the master key steps down and stops polling', async () => {
    const w = world();
    const a = w.open('tab-a');
    await w.clock.tick(100);
    expect(a.bus.role).to.equal('master');
    w.hub.tab().set('master', 'tab-z');
    await w.clock.tick(10);
    expect(a.bus.role).to.equal('follower');
    expect(w.server.inFlight).to.equal(0);
  });

  it('ignores a stored last written more than 50 s ago, and adopts a fresher one', async () => {
    const w = world();
    const seed = w.hub.tab();
    seed.set('last', 40);
    seed.set('last_ts', w.clock.now - 50_001);
    const old = w.open('tab-old');
    await w.clock.tick(10);
    expect(old.bus.last).to.equal(0);
    expect(w.server.requests[0]!.last).to.equal(0);
    old.bus.stop();

    const w2 = world();
    const seed2 = w2.hub.tab();
    seed2.set('last', 40);
    seed2.set('last_ts', w2.clock.now - 49_000);
    const fresh = w2.open('tab-fresh');
    await w2.clock.tick(10);
    expect(fresh.bus.last).to.equal(40);
    expect(w2.server.requests[0]!.last).to.equal(40);
  });

  it('a channel added in a follower restarts the master poll with it', async () => {
    const w = world();
    w.open('tab-a');
    const b = w.open('tab-b');
    await w.clock.tick(100);
    b.bus.addChannel('uuid-2');
    await w.clock.tick(10);
    expect(w.server.requests.at(-1)!.channels).to.deep.equal(['uuid-1', 'uuid-2']);
    expect(w.server.inFlight).to.equal(1);
    w.server.push('uuid-2');
    await w.clock.tick(10);
    expect(b.received).to.deep.equal([1]);
  });

  it('uses keys bus.<origin>.<name>', () => {
    expect(busKeyPrefix('https://chat.example.com:8069/some/path')).to.equal('bus.https_chat.example.com_8069.');
    expect(busKeyPrefix('http://127.0.0.1:9000')).to.equal('bus.http_127.0.0.1_9000.');
  });
});
