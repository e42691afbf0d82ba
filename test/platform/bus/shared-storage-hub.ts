import type { BusStorage } from '../../../src/platform/bus/bus-storage.js';

/**
 * localStorage as several tabs see it, for the fake-clock election tests: one map, and a change event
 * delivered to every other tab (not the writer, and not when the value did not change), as browsers do.
 * The real thing is exercised by the iframe tests in cross-tab-iframes.test.ts.
 */
export class SharedStorageHub {
  readonly map = new Map<string, string>();
  #listeners = new Map<object, Set<(key: string, value: string | null) => void>>();

  /** One tab's view; `detach(view)` stops its events (a crashed tab). */
  tab(): BusStorage & { readonly owner: object } {
    const owner = {};
    this.#listeners.set(owner, new Set());
    const emit = (key: string, value: string | null): void => {
      // Browsers queue storage events as tasks: never inside the writer's own call.
      for (const [o, set] of this.#listeners) if (o !== owner) for (const l of [...set]) queueMicrotask(() => this.#listeners.get(o)?.has(l) && l(key, value));
    };
    return {
      owner,
      kind: 'shared',
      get: (key) => this.map.get(key) ?? null,
      set: (key, value) => {
        if (this.map.get(key) === value) return;
        this.map.set(key, value);
        emit(key, value);
      },
      remove: (key) => {
        if (!this.map.has(key)) return;
        this.map.delete(key);
        emit(key, null);
      },
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
