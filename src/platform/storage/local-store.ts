import {
  StorageValueError,
  type KeyValueStore,
  type StorageChange,
  type StorageChangeListener,
  type StoredValue,
} from './key-value-store.js';
import { createStorageArea, type StorageArea } from './storage-area.js';

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

/** The change a `storage` event reports for this store, or undefined when it is about another area or key. */
function changeOf(event: StorageEvent, area: StorageArea, prefix: string): StorageChange | undefined {
  if (!area.storage || event.storageArea !== area.storage) return undefined;
  if (event.key === null) return { key: null, newValue: undefined, oldValue: undefined };
  if (!event.key.startsWith(prefix)) return undefined;
  return { key: event.key.slice(prefix.length), newValue: parse(event.newValue), oldValue: parse(event.oldValue) };
}

/** Listening to other tabs' writes: one `storage` listener on `win` while anyone listens. */
function changeFeed(win: Window, area: StorageArea, prefix: string): KeyValueStore['onChange'] {
  const listeners = new Set<StorageChangeListener>();
  const onStorage = (event: StorageEvent): void => {
    const change = changeOf(event, area, prefix);
    if (change) for (const listener of [...listeners]) listener(change);
  };
  return (listener) => {
    if (listeners.size === 0) win.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      if (!listeners.delete(listener)) return;
      if (listeners.size === 0) win.removeEventListener('storage', onStorage);
    };
  };
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
  const area = createStorageArea({
    prefix,
    getStorage: options.storage ?? (() => win.localStorage),
    warn: options.warn ?? ((message: string) => console.warn(message)),
  });
  return {
    get<T extends StoredValue = StoredValue>(key: string): T | undefined {
      return parse(area.read(key)) as T | undefined;
    },
    set(key, value) {
      area.write(key, value === undefined ? null : serialise(key, value));
    },
    remove(key) {
      area.write(key, null);
    },
    keys: () => area.keys(),
    onChange: changeFeed(win, area, prefix),
    get backend() {
      return area.backend;
    },
  };
}
