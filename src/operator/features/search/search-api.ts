import { SEARCH_FILTERS_ROUTE, SEARCH_ROUTE, type SearchFilterOptions, type SearchResult } from '../../../protocol/console/search.js';
import type { SearchParams } from '../../../protocol/schemas/search.js';
import type { OperatorApi } from '../../core/api.js';

/** The search's calls (a stand-in in tests). Silent: the search panel shows its own failure, with a retry. */
export interface SearchApi {
  search(params: SearchParams): Promise<SearchResult>;
  filters(): Promise<SearchFilterOptions>;
}

/** {@link SearchApi} over the console's server. */
export function searchApi(api: OperatorApi): SearchApi {
  return {
    search: (params) => api.call<SearchResult>(SEARCH_ROUTE, params, { silent: true }),
    filters: () => api.call<SearchFilterOptions>(SEARCH_FILTERS_ROUTE, {}, { silent: true }),
  };
}
