import type { FastifyReply } from 'fastify';

/** How the route answers a {@link DeferredRpcResult}: one per plugin, shared by every pending call. */
export interface RpcAnswerer {
  result(reply: FastifyReply, id: unknown, value: unknown): void;
  error(reply: FastifyReply, id: unknown, err: unknown): void;
}

/**
 * A result a handler returns before it is known and settles later with `resolveResult` or
 * `rejectResult`; the route answers then, in the envelope, exactly as for a returned value or a thrown
 * error. Unlike a promise it costs no promise, reaction or closure per pending call, which counts for
 * calls held by the thousands for most of a minute (the long poll, issue 8 "Held polls"). The
 * subclass settles it at most once.
 */
export abstract class DeferredRpcResult<T> {
  /** The reply the answer goes to. */
  readonly reply: FastifyReply;
  #id: unknown = null;
  #answerer: RpcAnswerer | undefined;
  #early: { value: T } | { error: unknown } | undefined;

  constructor(reply: FastifyReply) {
    this.reply = reply;
  }

  /** Called by the route as soon as the handler returned: where and how the answer goes. */
  attach(id: unknown, answerer: RpcAnswerer): void {
    this.#id = id;
    this.#answerer = answerer;
    const early = this.#early;
    this.#early = undefined;
    if (early && 'value' in early) answerer.result(this.reply, id, early.value);
    else if (early) answerer.error(this.reply, id, early.error);
  }

  /** Answers with `value` as the call's result. */
  protected resolveResult(value: T): void {
    if (this.#answerer) this.#answerer.result(this.reply, this.#id, value);
    else this.#early = { value };
  }

  /** Answers with `err` as the call's error (an {@link RpcError} keeps its message). */
  protected rejectResult(err: unknown): void {
    if (this.#answerer) this.#answerer.error(this.reply, this.#id, err);
    else this.#early = { error: err };
  }
}
