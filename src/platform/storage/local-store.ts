import {
  StorageValueError,
  type KeyValueStore,
  type StorageBackend,
  type StorageChange,
  type StorageChangeListener,
  type StoredValue,
} from './key-value-store.js';

/** Options of {@link createLocalStore}. */
export interface LocalStoreOptions {
  /** Prepended to every key, so that the widget's keys never collide with the host page's. */
  prefix: string;
  /**
   * Returns the browser storage. Reading `window.localStorage` itself can throw (a SecurityError in
   * sandboxed frames or with site data blocked), hence a function rather than the object.
   */
  storage?: () => Storage;
  /** The window whose `storage` events report writes made by other tabs. */
  window?: Window;
  /** Receives the single warning logged when the store falls back to memory. */
  warn?: (message: string) => void;
}

function parse(raw: string | null): StoredValue | undefined {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as StoredValue;
  } catch {
    // A foreign value under our prefix (written by hand or by an older script): treat it as absent.
    return undefined;
  }
}

function serialise(key: string, value: StoredValue): string {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('not a JSON value');
    return text;
  } catch (cause) {
    throw new StorageValueError(key, cause);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * A {@link KeyValueStore} over localStorage. When the storage is unavailable at start, or a read or write
 * throws later (SecurityError, QuotaExceededError), the store moves to memory for the rest of the page's
 * life, keeping what it could still read, and logs exactly one console warning (SPEC.md §8 "Storage
 * unavailable").
 */
export function createLocalStore(options: LocalStoreOptions): KeyValueStore {
  const { prefix } = options;
  const win = options.window ?? window;
  const getStorage = options.storage ?? (() => win.localStorage);
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const memory = new Map<string, string>();
  let storage: Storage | undefined;
  let backend: StorageBackend = 'localStorage';

  const ownKeys = (area: Storage): string[] => {
    const keys: string[] = [];
    for (let i = 0; i < area.length; i += 1) {
      const key = area.key(i);
      if (key !== null && key.startsWith(prefix)) keys.push(key.slice(prefix.length));
    }
    return keys;
  };

  const fallBack = (error: unknown): void => {
    if (backend === 'memory') return;
    backend = 'memory';
    if (storage) {
      try {
        for (const key of ownKeys(storage)) {
          const raw = storage.getItem(prefix + key);
          if (raw !== null) memory.set(key, raw);
        }
      } catch {
        // The storage has become unreadable too; the page starts over from an empty memory store.
      }
    }
    storage = undefined;
    warn(`live-chat: localStorage is unavailable (${reasonOf(error)}); using in-memory storage for this page.`);
  };

  try {
    storage = getStorage();
    const probe = `${prefix}__probe__`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
  } catch (error) {
    fallBack(error);
  }

  const read = (key: string): string | null => {
    if (storage) {
      try {
        return storage.getItem(prefix + key);
      } catch (error) {
        fallBack(error);
      }
    }
    return memory.get(key) ?? null;
  };

  const write = (key: string, raw: string | null): void => {
    if (storage) {
      try {
        if (raw === null) storage.removeItem(prefix + key);
        else storage.setItem(prefix + key, raw);
        return;
      } catch (error) {
        fallBack(error);
      }
    }
    if (raw === null) memory.delete(key);
    else memory.set(key, raw);
  };

  const listeners = new Set<StorageChangeListener>();
  const onStorage = (event: StorageEvent): void => {
    if (!storage || event.storageArea !== storage) return;
    let change: StorageChange;
    if (event.key === null) change = { key: null, newValue: undefined, oldValue: undefined };
    else if (event.key.startsWith(prefix)) {
      change = { key: event.key.slice(prefix.length), newValue: parse(event.newValue), oldValue: parse(event.oldValue) };
    } else return;
    for (const listener of [...listeners]) listener(change);
  };

  return {
    get<T extends StoredValue = StoredValue>(key: string): T | undefined {
      return parse(read(key)) as T | undefined;
    },
    set(key, value) {
      write(key, value === undefined ? null : serialise(key, value));
    },
    remove(key) {
      write(key, null);
    },
    keys() {
      if (storage) {
        try {
          return ownKeys(storage);
        } catch (error) {
          fallBack(error);
        }
      }
      return [...memory.keys()];
    },
    onChange(listener) {
      if (listeners.size === 0) win.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) win.removeEventListener('storage', onStorage);
      };
    },
    get backend() {
      return backend;
    },
  };
}
