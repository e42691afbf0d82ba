/** The generic session and its dataset calls. */
export { Session, type ReadGroupRow, type SessionChangeReason, type SessionStatus } from './session.js';
export { readSessionInfo, type CacheHashes, type Currency, type SessionFields, type SessionInfo, type UserContext } from './session-info.js';
export {
  buildCallKwParams,
  buildReadGroupKwargs,
  buildSearchReadParams,
  callKwRoute,
  mergeContext,
  sortToString,
  type Domain,
  type OrderBy,
  type ReadGroupOptions,
  type SearchReadOptions,
  type SearchReadResult,
  type Sort,
} from './dataset.js';
