/**
 * The shared key-value store the cross-tab bus talks through. Values are strings (the bus JSON-encodes
 * them). `kind` tells whether other tabs see the writes: with `'memory'` (storage unavailable, SPEC.md §8)
 * each tab is alone and polls for itself.
 */
export interface BusStorage {
  readonly kind: 'shared' | 'memory';
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /**
   * Calls `listener` when another tab changed a key (browsers do not report a tab's own writes).
   * Returns a function that stops listening.
   */
  onChange(listener: (key: string, newValue: string | null) => void): () => void;
}

/** The window surface the localStorage adapter needs: a tab's own window in tests. */
export interface StorageHost {
  readonly localStorage: Storage;
  addEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
  removeEventListener(type: 'storage', listener: (event: StorageEvent) => void): void;
}

/** A store private to this tab, used when localStorage cannot be used (private modes, blocked cookies). */
export function memoryBusStorage(): BusStorage {
  const map = new Map<string, string>();
  return {
    kind: 'memory',
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
    onChange: () => () => undefined,
  };
}

function usable(host: StorageHost): Storage | undefined {
  try {
    const storage = host.localStorage;
    const probe = '__live_chat_bus_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    // Reading localStorage itself throws when the browser blocks it; both cases mean "not usable".
    return undefined;
  }
}

/**
 * localStorage of `host` as a {@link BusStorage}, or a private in-memory store with the console warning
 * of PROTOCOL.md §8.1 when localStorage is unusable. Write failures (quota) are swallowed: the bus then
 * behaves as if the write was lost, which the election and the `last` replay tolerate.
 */
export function localBusStorage(host: StorageHost = globalThis as unknown as StorageHost): BusStorage {
  const storage = usable(host);
  if (!storage) {
    console.warn('Fail to load localStorage');
    return memoryBusStorage();
  }
  return {
    kind: 'shared',
    get: (key) => {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    set: (key, value) => {
      try {
        storage.setItem(key, value);
      } catch (err) {
        console.warn('live-chat: could not write to localStorage', err);
      }
    },
    remove: (key) => {
      try {
        storage.removeItem(key);
      } catch (err) {
        console.warn('live-chat: could not write to localStorage', err);
      }
    },
    onChange: (listener) => {
      const handler = (event: StorageEvent): void => {
        if (event.storageArea !== storage || event.key === null) return;
        listener(event.key, event.newValue);
      };
      host.addEventListener('storage', handler);
      return () => host.removeEventListener('storage', handler);
    },
  };
}
