/** The operator's own languages as the console calls them (protocol/console/routing.ts). */
import type { OperatorApi } from '../../core/api.js';
import { MY_LANGUAGES_ROUTE, SET_MY_LANGUAGES_ROUTE } from '../../../protocol/console/routing.js';
import type { SetMyLanguagesParams } from '../../../protocol/schemas/routing.js';

/** What the languages routes answer: primary subtags, lower case. */
export interface MyLanguages {
  languages: string[];
}

/** The calls the languages form makes. */
export interface LanguagesApi {
  load(): Promise<MyLanguages>;
  save(languages: string[]): Promise<MyLanguages>;
}

/** The languages routes over the console's API; failures are shown by the form. */
export function languagesApi(api: OperatorApi): LanguagesApi {
  return {
    load: () => api.call<MyLanguages>(MY_LANGUAGES_ROUTE, {}, { silent: true }),
    save: (languages) => api.call<MyLanguages>(SET_MY_LANGUAGES_ROUTE, { languages } satisfies SetMyLanguagesParams, { silent: true }),
  };
}
