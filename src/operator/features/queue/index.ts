import type { ConsoleFeature } from '../../app/registry.js';
import { onQueueEvent } from './queue-atoms.js';
import { QueueList } from './queue-list.js';

/** The queue: who waits in the operator's channels, above the conversation list, with Take next and Take. */
export const queue: ConsoleFeature = {
  list: { controls: [QueueList] },
  busHandlers: [onQueueEvent],
};
