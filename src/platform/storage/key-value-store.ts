/** A JSON-compatible value as kept in storage. */
export type StoredValue = string | number | boolean | null | StoredValue[] | { [key: string]: StoredValue };

/** Where a store keeps its values: the browser's localStorage, or this page's memory after a failure. */
export type StorageBackend = 'localStorage' | 'memory';

/**
 * A change made by another tab of the same origin. `key` is without the store's prefix; `null` means the
 * other tab cleared the whole storage. Values are `undefined` when absent or not valid JSON.
 */
export interface StorageChange {
  key: string | null;
  newValue: StoredValue | undefined;
  oldValue: StoredValue | undefined;
}

/** Receives changes from other tabs. */
export type StorageChangeListener = (change: StorageChange) => void;

/**
 * A prefixed key-value store with JSON values: what the cross-tab bus and the widget use for shared state.
 * Writes in this tab never notify this tab's own listeners, like the browser's storage event.
 */
export interface KeyValueStore {
  /** The stored value, or `undefined` when absent or unreadable (a foreign, non-JSON value). */
  get<T extends StoredValue = StoredValue>(key: string): T | undefined;
  /** Stores a value; `undefined` removes the key. Throws {@link StorageValueError} for non-JSON values. */
  set(key: string, value: StoredValue | undefined): void;
  /** Removes a key; removing an absent key does nothing. */
  remove(key: string): void;
  /** The keys of this store, without the prefix. */
  keys(): string[];
  /** Listens to changes made by other tabs; returns the function that stops listening. */
  onChange(listener: StorageChangeListener): () => void;
  /** Which backend is in use; `memory` means the fallback is active and other tabs are not reached. */
  readonly backend: StorageBackend;
}

/** Thrown by {@link KeyValueStore.set} when a value cannot be written as JSON (a cycle, a BigInt). */
export class StorageValueError extends Error {
  /** Stable code for callers that branch on the failure. */
  readonly code = 'not_serialisable' as const;

  constructor(
    /** The key the caller tried to write. */
    readonly key: string,
    cause: unknown,
  ) {
    super(`The value for "${key}" cannot be stored as JSON`, { cause });
    this.name = 'StorageValueError';
  }
}
