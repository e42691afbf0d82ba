import { Counter, Gauge, type Registry } from 'prom-client';
import type { OutboxCount } from './outbox-store.js';

/** The outbox's figures in `/metrics`: what waits, and how the attempts went, per topic. */
export interface OutboxMetrics {
  attempts: Counter<'topic'>;
  failures: Counter<'topic'>;
  givenUp: Counter<'topic'>;
}

/** Registers the outbox's metrics; the queue length is read from the database when scraped. */
export function outboxMetrics(registry: Registry, counts: () => Promise<OutboxCount[]>): OutboxMetrics {
  const registers = [registry];
  new Gauge({
    name: 'livechat_outbox_items',
    help: 'Side effects in the outbox, by topic and state (pending, claimed, dead: given up).',
    labelNames: ['topic', 'state'],
    registers,
    async collect() {
      this.reset();
      for (const { topic, state, count } of await counts().catch(() => [])) this.set({ topic, state }, count);
    },
  });
  return {
    attempts: new Counter({ name: 'livechat_outbox_attempts_total', help: 'Attempts at an outbox side effect, by topic.', labelNames: ['topic'], registers }),
    failures: new Counter({ name: 'livechat_outbox_failures_total', help: 'Failed attempts at an outbox side effect, by topic.', labelNames: ['topic'], registers }),
    givenUp: new Counter({ name: 'livechat_outbox_given_up_total', help: 'Outbox side effects given up after their last attempt, by topic.', labelNames: ['topic'], registers }),
  };
}
