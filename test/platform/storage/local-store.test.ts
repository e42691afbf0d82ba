import { expect, waitUntil } from '@open-wc/testing';
import { createLocalStore, StorageValueError, type StorageChange } from '../../../src/platform/storage/index.js';

// Storage events arrive late on a loaded machine: waits allow far more than the usual few milliseconds.
const EVENT_WAIT = { timeout: 4000 };

/** Captures console.warn while a test runs: the fallback's warning is part of its contract. */
function captureWarnings(): { messages: string[]; restore: () => void } {
  const original = console.warn;
  const messages: string[] = [];
  console.warn = (...args: unknown[]) => messages.push(args.map(String).join(' '));
  return { messages, restore: () => (console.warn = original) };
}

/** A second document of the same origin: its localStorage writes reach this window as storage events. */
function otherTab(): { storage: Storage; close: () => void } {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  return { storage: frame.contentWindow!.localStorage, close: () => frame.remove() };
}

function clearPrefixed(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith('test.storage')) localStorage.removeItem(key);
}

describe('platform/storage: local store', () => {
  let warnings: ReturnType<typeof captureWarnings>;
  // Each test has keys of its own, so a storage event of an earlier test that arrives late is not one of its keys.
  let prefix = '';
  let run = 0;
  beforeEach(() => {
    run += 1;
    prefix = `test.storage.${run}.`;
    clearPrefixed();
    warnings = captureWarnings();
  });
  afterEach(() => {
    warnings.restore();
    clearPrefixed();
  });

  it('keeps JSON values under its prefix in localStorage', () => {
    const store = createLocalStore({ prefix: prefix });
    store.set('peers', { 'bus1:1700000000000': 1700000000000, list: [1, 'two', null, true] });
    expect(localStorage.getItem(`${prefix}peers`)).to.equal('{"bus1:1700000000000":1700000000000,"list":[1,"two",null,true]}');
    expect(store.get('peers')).to.deep.equal({ 'bus1:1700000000000': 1700000000000, list: [1, 'two', null, true] });
    expect(store.backend).to.equal('localStorage');
  });

  it('lists and removes only its own keys', () => {
    localStorage.setItem('test.storage-other.key', '1');
    const store = createLocalStore({ prefix: prefix });
    store.set('a', 1);
    store.set('b', 'x');
    expect(store.keys().sort()).to.deep.equal(['a', 'b']);
    store.remove('a');
    store.set('b', undefined);
    expect(store.keys()).to.deep.equal([]);
    expect(store.get('a')).to.equal(undefined);
    expect(localStorage.getItem('test.storage-other.key')).to.equal('1');
  });

  it('reads a foreign non-JSON value as absent instead of throwing', () => {
    localStorage.setItem(`${prefix}broken`, '{not json');
    const store = createLocalStore({ prefix: prefix });
    expect(store.get('broken')).to.equal(undefined);
  });

  it('refuses a value that is not JSON with a typed error and keeps the old one', () => {
    const store = createLocalStore({ prefix: prefix });
    store.set('v', 'kept');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    // @ts-expect-error: a cyclic object is not a StoredValue; the runtime check is what is tested.
    expect(() => store.set('v', cyclic)).to.throw(StorageValueError).with.property('code', 'not_serialisable');
    expect(store.get('v')).to.equal('kept');
  });

  it('reports changes made by another tab, without the prefix and parsed', async () => {
    const store = createLocalStore({ prefix: prefix });
    store.set('last', 4);
    const changes: StorageChange[] = [];
    const stop = store.onChange((change) => changes.push(change));
    const tab = otherTab();
    try {
      tab.storage.setItem('test.storage-unrelated', '"ignored"');
      tab.storage.setItem(`${prefix}last`, '7');
      await waitUntil(() => changes.length > 0, 'no storage event arrived', EVENT_WAIT);
      expect(changes).to.deep.equal([{ key: 'last', newValue: 7, oldValue: 4 }]);
      expect(store.get('last')).to.equal(7);

      stop();
      tab.storage.setItem(`${prefix}last`, '8');
      tab.storage.setItem(`${prefix}marker`, '1');
      const probe: StorageChange[] = [];
      const stopProbe = store.onChange((change) => probe.push(change));
      tab.storage.setItem(`${prefix}marker`, '2');
      // Events come in the order of the writes: once the probe has the last one, the earlier ones were dispatched.
      await waitUntil(() => probe.some((c) => c.key === 'marker' && c.newValue === 2), 'the probe saw no event', EVENT_WAIT);
      stopProbe();
      expect(changes).to.have.length(1);
    } finally {
      tab.close();
    }
  });

  it('does not notify its own tab of its own writes', async () => {
    const store = createLocalStore({ prefix: prefix });
    const changes: StorageChange[] = [];
    const stop = store.onChange((change) => changes.push(change));
    store.set('mine', 1);
    const tab = otherTab();
    try {
      tab.storage.setItem(`${prefix}theirs`, '2');
      await waitUntil(() => changes.some((c) => c.key === 'theirs'), 'no storage event arrived', EVENT_WAIT);
      expect(changes.map((c) => c.key)).to.deep.equal(['theirs']);
    } finally {
      stop();
      tab.close();
    }
  });

  it('falls back to memory with one warning when localStorage cannot be reached', () => {
    const store = createLocalStore({
      prefix: prefix,
      storage: () => {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    });
    expect(store.backend).to.equal('memory');
    store.set('channels', ['uuid-1']);
    store.set('last', 3);
    expect(store.get('channels')).to.deep.equal(['uuid-1']);
    expect(store.keys().sort()).to.deep.equal(['channels', 'last']);
    store.remove('last');
    expect(store.get('last')).to.equal(undefined);
    expect(localStorage.getItem(`${prefix}channels`)).to.equal(null);
    expect(warnings.messages).to.have.length(1);
    expect(warnings.messages[0]).to.contain('SecurityError');
  });

  it('falls back to memory when the real quota is exceeded, keeping what was stored', () => {
    const store = createLocalStore({ prefix: prefix });
    store.set('before', { kept: true });
    // Chromium allows about 10 MB of localStorage per origin; this value alone is larger.
    const huge = 'x'.repeat(12 * 1024 * 1024);
    store.set('huge', huge);
    expect(store.backend).to.equal('memory');
    expect(store.get('before')).to.deep.equal({ kept: true });
    expect(store.get<string>('huge')).to.have.length(huge.length);
    store.set('after', 1);
    store.set('huge2', huge);
    expect(store.get('after')).to.equal(1);
    expect(warnings.messages).to.have.length(1);
    expect(warnings.messages[0]).to.contain('QuotaExceededError');
  });

  it('falls back when a read throws after a good start', () => {
    let broken = false;
    const real = localStorage;
    const flaky = new Proxy(real, {
      get(target, property) {
        if (broken && property === 'getItem') {
          return () => {
            throw new DOMException('Access is denied for this document', 'SecurityError');
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const store = createLocalStore({ prefix: prefix, storage: () => flaky });
    store.set('a', 1);
    broken = true;
    expect(store.get('a')).to.equal(undefined);
    expect(store.backend).to.equal('memory');
    store.set('a', 2);
    expect(store.get('a')).to.equal(2);
    expect(warnings.messages).to.have.length(1);
  });
});
