import type { ConsoleFeature } from '../../app/registry.js';
import { SEARCH_COMMAND, SearchView } from './search-view.js';

/**
 * Search over the conversations the operator may read: message text, notes, the visitor's name and e-mail,
 * tags, with filters; each hit opens the conversation at that message. `/` goes to its box from anywhere.
 */
export const search: ConsoleFeature = {
  views: [{ id: 'search', label: 'operator.search.view', Panel: SearchView }],
  commands: [{ id: SEARCH_COMMAND, label: 'operator.search.command', key: { key: '/' }, view: 'search' }],
};
