import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Event name → payload. Empty here: each module that emits an event declares it by declaration merging
 * (`declare module '…/core/events.js' { interface DomainEvents { 'x.happened': {…} } }`), so core knows
 * no event of its own and a listener's payload is typed by the event's name.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEvents {}

/** What a listener of event `K` of the map `E` is given; it may return a promise. */
export type EventListener<E, K extends keyof E> = (payload: E[K]) => void | Promise<void>;

/**
 * A typed, in-process event hub. `emit` is called once the emitter's write has committed (after its
 * awaited store call), and returns at once: listeners run later, each on its own, so a slow or failing
 * listener never delays or breaks the request that emitted, nor another listener. A listener's error is
 * logged. Durable side effects (a mail, a webhook) should go through the outbox from their listener, since
 * an event lives in this process's memory only.
 */
export class EventHub<E extends object = DomainEvents> {
  readonly #listeners = new Map<keyof E, EventListener<E, keyof E>[]>();
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Calls `listener` for every later `emit` of `name`, in the order listeners were added; returns what stops it. */
  on<K extends keyof E>(name: K, listener: EventListener<E, K>): () => void {
    const added = listener as EventListener<E, keyof E>;
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), added]);
    return () => this.#listeners.set(name, (this.#listeners.get(name) ?? []).filter((l) => l !== added));
  }

  /** Tells the listeners of `name`, after the current call stack; never throws. */
  emit<K extends keyof E>(name: K, payload: E[K]): void {
    for (const listener of this.#listeners.get(name) ?? []) {
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => listener(payload))
        .catch((err: unknown) => this.log.error({ err, event: String(name) }, 'event listener failed'))
        .finally(() => this.#running.delete(run));
      this.#running.add(run);
    }
  }

  /** Resolves once every listener started so far has finished (the app is closing; tests). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Domain events: `app.events.on(name, listener)` and `app.events.emit(name, payload)`. */
    events: EventHub;
  }
}

/** Decorates `app.events`; closing the app waits for the listeners under way. */
export const eventsPlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new EventHub(app.log);
    app.decorate('events', hub);
    app.addHook('onClose', async () => hub.idle());
  },
  { name: 'events' },
);
