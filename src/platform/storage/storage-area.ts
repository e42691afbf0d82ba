import type { StorageBackend } from './key-value-store.js';

/** Raw text under a prefix, in localStorage while it works and in this page's memory after it failed. */
export interface StorageArea {
  /** The raw text of `key` (without the prefix), or null. */
  read(key: string): string | null;
  /** Writes the raw text of `key`; null removes it. */
  write(key: string, raw: string | null): void;
  /** The keys under the prefix, without it. */
  keys(): string[];
  /** The browser storage while it is in use, else undefined (memory). */
  readonly storage: Storage | undefined;
  readonly backend: StorageBackend;
}

/** Options of {@link createStorageArea}. */
export interface StorageAreaOptions {
  prefix: string;
  /** Returns the browser storage; reading it may throw. */
  getStorage(): Storage;
  /** Receives the single warning logged when the area falls back to memory. */
  warn(message: string): void;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function keysUnder(area: Storage, prefix: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < area.length; i += 1) {
    const key = area.key(i);
    if (key !== null && key.startsWith(prefix)) keys.push(key.slice(prefix.length));
  }
  return keys;
}

/**
 * A {@link StorageArea}: when the storage is unavailable at start, or a read or write throws later
 * (SecurityError, QuotaExceededError), it moves to memory for the rest of the page's life, keeping what it
 * could still read, and logs exactly one warning (SPEC.md §8 "Storage unavailable").
 */
export function createStorageArea({ prefix, getStorage, warn }: StorageAreaOptions): StorageArea {
  const memory = new Map<string, string>();
  let storage: Storage | undefined;
  let backend: StorageBackend = 'localStorage';

  const fallBack = (error: unknown): void => {
    if (backend === 'memory') return;
    backend = 'memory';
    if (storage) {
      try {
        for (const key of keysUnder(storage, prefix)) {
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

  // Runs `action` on the browser storage while there is one; a failure moves to memory, where `fallback` runs.
  const attempt = <T>(action: (area: Storage) => T, fallback: () => T): T => {
    if (storage) {
      try {
        return action(storage);
      } catch (error) {
        fallBack(error);
      }
    }
    return fallback();
  };

  try {
    storage = getStorage();
    const probe = `${prefix}__probe__`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
  } catch (error) {
    fallBack(error);
  }

  return {
    read: (key) => attempt((area) => area.getItem(prefix + key), () => memory.get(key) ?? null),
    write: (key, raw) =>
      attempt(
        (area) => (raw === null ? area.removeItem(prefix + key) : area.setItem(prefix + key, raw)),
        () => void (raw === null ? memory.delete(key) : memory.set(key, raw)),
      ),
    keys: () => attempt((area) => keysUnder(area, prefix), () => [...memory.keys()]),
    get storage() {
      return storage;
    },
    get backend() {
      return backend;
    },
  };
}
