import { createLocalStore, type KeyValueStore } from '../storage/index.js';
import { busKeyPrefix } from './storage-keys.js';

/**
 * The shared store of the cross-tab bus for one server: localStorage of `win` under
 * `bus.<origin>.` (PROTOCOL.md §8.1), falling back to memory (then each tab polls for itself).
 */
export function createBusStore(serverUrl: string, win: Window = window): KeyValueStore {
  return createLocalStore({ prefix: busKeyPrefix(serverUrl), window: win });
}
