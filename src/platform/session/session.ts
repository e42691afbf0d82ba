/**
 * The generic session of the host platform layer (SPEC.md §3 "Generic session fields", §4 "Generic
 * session", §6 group check, §7 session and dataset calls).
 */
import type { RpcCallOptions, RpcClient } from '../rpc/client.js';
import type { RpcServerError } from '../errors.js';
import {
  buildCallKwParams,
  buildReadGroupKwargs,
  buildSearchReadParams,
  callKwRoute,
  type ReadGroupOptions,
  type SearchReadOptions,
  type SearchReadResult,
} from './dataset.js';
import { readSessionInfo, type CacheHashes, type Currency, type SessionFields, type SessionInfo, type UserContext } from './session-info.js';
import { SEARCH_READ_ROUTE, SESSION_AUTHENTICATE_ROUTE, SESSION_DESTROY_ROUTE, SESSION_INFO_ROUTE } from '../../protocol/routes.js';

/** Whether a user is logged in; derived from `uid`. */
export type SessionStatus = 'anonymous' | 'authenticated';

/** Why the session's fields changed, as told by the `change` event. */
export type SessionChangeReason = 'authenticated' | 'refreshed' | 'destroyed' | 'invalidated';

/** A row of a read_group answer. */
export type ReadGroupRow = Record<string, unknown>;

/**
 * The session: uid, username, db, user_context, cache_hashes and currencies, initialised from the
 * session-info object the page provides (if any) and kept up to date by the session calls.
 *
 * It registers itself on the RPC client so that any answer with code 100 invalidates it (uid cleared,
 * group cache emptied). Fires `change` (a CustomEvent whose detail is a {@link SessionChangeReason})
 * whenever its fields change.
 */
export class Session extends EventTarget {
  readonly #rpc: RpcClient;
  #fields: SessionFields;
  readonly #groups = new Map<string, Promise<boolean>>();
  readonly #unregister: () => void;

  constructor(rpc: RpcClient, info?: SessionInfo | null) {
    super();
    this.#rpc = rpc;
    this.#fields = readSessionInfo(info);
    this.#unregister = rpc.onSessionInvalid((error) => this.invalidate(error));
  }

  /** The logged-in user's id, or null. */
  get uid(): number | null {
    return this.#fields.uid;
  }

  /** The login of the user, or null. */
  get username(): string | null {
    return this.#fields.username;
  }

  /** The database name, or null. */
  get db(): string | null {
    return this.#fields.db;
  }

  /** The user context (a copy), merged into every call_kw. */
  get user_context(): UserContext {
    return { ...this.#fields.user_context };
  }

  /** Cache keys for translations and templates (a copy). */
  get cache_hashes(): CacheHashes {
    return { ...this.#fields.cache_hashes };
  }

  /** Currencies by id, as get_session_info last sent them (a copy). */
  get currencies(): Record<string, Currency> {
    return { ...this.#fields.currencies };
  }

  /** `authenticated` when a uid is known, else `anonymous`. */
  get status(): SessionStatus {
    return this.#fields.uid === null ? 'anonymous' : 'authenticated';
  }

  /** The user's language from the user context, if any (e.g. `fr_FR`). */
  get lang(): string | undefined {
    const lang = this.#fields.user_context.lang;
    return typeof lang === 'string' && lang !== '' ? lang : undefined;
  }

  /**
   * Forgets the logged-in user (SPEC.md §4: a server error with code 100 invalidates the session).
   * Called by the RPC client's hook; callable directly too.
   */
  invalidate(_cause?: RpcServerError): void {
    if (this.#fields.uid === null) return;
    this.#apply({ ...this.#fields, uid: null }, 'invalidated');
  }

  /** POST /web/session/authenticate; on success the session takes the answer's fields. */
  async authenticate(db: string, login: string, password: string, options?: RpcCallOptions): Promise<SessionInfo> {
    const info = await this.#rpc.call<SessionInfo>(SESSION_AUTHENTICATE_ROUTE, { db, login, password }, options);
    this.#apply(readSessionInfo(info), 'authenticated');
    return info;
  }

  /** POST /web/session/destroy; on success the session is anonymous and keeps no user fields. */
  async destroy(options?: RpcCallOptions): Promise<void> {
    await this.#rpc.call(SESSION_DESTROY_ROUTE, {}, options);
    this.#apply({ ...readSessionInfo(null), db: this.#fields.db }, 'destroyed');
  }

  /** POST /web/session/get_session_info; refreshes every field, currencies included. */
  async getSessionInfo(options?: RpcCallOptions): Promise<SessionInfo> {
    const info = await this.#rpc.call<SessionInfo>(SESSION_INFO_ROUTE, {}, options);
    this.#apply(readSessionInfo(info), 'refreshed');
    return info;
  }

  /**
   * Whether the current user belongs to a group (e.g. `base.group_user`), asked through
   * `res.users.has_group`. False without a logged-in user, without asking. The answer is cached per
   * group until the user changes; a failed call is not cached.
   */
  userHasGroup(group: string): Promise<boolean> {
    if (this.#fields.uid === null) return Promise.resolve(false);
    let asked = this.#groups.get(group);
    if (!asked) {
      const question = this.callKw<unknown>('res.users', 'has_group', [group]).then((answer) => answer === true);
      asked = question;
      this.#groups.set(group, question);
      question.catch(() => {
        if (this.#groups.get(group) === question) this.#groups.delete(group);
      });
    }
    // Each caller gets its own promise: the cache's own catch above must not count as the caller
    // handling a failure, or an ignored failure would never reach the global rpc_error report.
    return asked.then((answer) => answer);
  }

  /** POST /web/dataset/call_kw/{model}/{method} with the user context merged into `kwargs.context`. */
  callKw<R = unknown>(model: string, method: string, args: readonly unknown[] = [], kwargs: Record<string, unknown> = {}, options?: RpcCallOptions): Promise<R> {
    return this.#rpc.call<R>(callKwRoute(model, method), buildCallKwParams(this.#fields.user_context, model, method, args, kwargs), options);
  }

  /** POST /web/dataset/search_read: one page of records and the total count. */
  searchRead<T = Record<string, unknown>>(query: SearchReadOptions, options?: RpcCallOptions): Promise<SearchReadResult<T>> {
    return this.#rpc.call<SearchReadResult<T>>(SEARCH_READ_ROUTE, buildSearchReadParams(this.#fields.user_context, query), options);
  }

  /** `read_group` through call_kw: one row per group. */
  readGroup(query: ReadGroupOptions, options?: RpcCallOptions): Promise<ReadGroupRow[]> {
    return this.callKw<ReadGroupRow[]>(query.model, 'read_group', [], buildReadGroupKwargs(query), options);
  }

  /** Stops listening to the RPC client; the session keeps its fields. */
  dispose(): void {
    this.#unregister();
  }

  #apply(fields: SessionFields, reason: SessionChangeReason): void {
    if (fields.uid !== this.#fields.uid) this.#groups.clear();
    this.#fields = fields;
    this.dispatchEvent(new CustomEvent<SessionChangeReason>('change', { detail: reason }));
  }
}
