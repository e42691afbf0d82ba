import type { KeyValueStore, StorageChangeListener, StoredValue } from '../../../src/platform/storage/index.js';

/**
 * localStorage as several tabs see it, for the fake-clock election tests: one map of JSON texts, and a
 * change event queued to every other tab (not the writer, and not when the value did not change), as
 * browsers do. The real localStorage is exercised by the iframe tests in cross-tab-iframes.test.ts.
 */
export class SharedStorageHub {
  readonly map = new Map<string, string>();
  #listeners = new Map<object, Set<StorageChangeListener>>();

  /** One tab's view; `detach(view)` stops its events (a crashed tab). */
  tab(): KeyValueStore & { readonly owner: object } {
    const owner = {};
    this.#listeners.set(owner, new Set());
    const emit = (key: string, raw: string | undefined, old: string | undefined): void => {
      const change = { key, newValue: raw === undefined ? undefined : (JSON.parse(raw) as StoredValue), oldValue: old === undefined ? undefined : (JSON.parse(old) as StoredValue) };
      for (const [o, set] of this.#listeners) {
        if (o === owner) continue;
        for (const l of [...set]) queueMicrotask(() => this.#listeners.get(o)?.has(l) && l(change));
      }
    };
    const write = (key: string, raw: string | undefined): void => {
      const old = this.map.get(key);
      if (old === raw) return;
      if (raw === undefined) this.map.delete(key);
      else this.map.set(key, raw);
      emit(key, raw, old);
    };
    return {
      owner,
      backend: 'localStorage',
      get: <T extends StoredValue>(key: string) => {
        const raw = this.map.get(key);
        return raw === undefined ? undefined : (JSON.parse(raw) as T);
      },
      set: (key, value) => write(key, value === undefined ? undefined : JSON.stringify(value)),
      remove: (key) => write(key, undefined),
      keys: () => [...this.map.keys()],
      onChange: (listener) => {
        this.#listeners.get(owner)?.add(listener);
        return () => this.#listeners.get(owner)?.delete(listener);
      },
    };
  }

  /** Stops delivering events to one tab. */
  detach(view: { owner: object }): void {
    this.#listeners.delete(view.owner);
  }
}
