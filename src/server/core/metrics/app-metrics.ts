import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Figures read when scraped rather than counted as they happen. */
export interface MetricSources {
  heldPolls?: () => number;
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  /** The data volume's free space, or undefined while it cannot be read. */
  disk?: () => Promise<{ freeBytes: number; freeRatio: number } | undefined>;
}

/** Why an upload was refused by a storage bound (the `reason` label of `livechat_uploads_refused_total`). */
export type UploadRefusalReason = 'low_disk' | 'address_budget' | 'channel_budget' | 'operator_budget';

/**
 * The metrics of one app. Each app has its own registry: tests build many apps in one process, and
 * the global registry would refuse a second metric of the same name.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly busWritten: Counter;
  readonly busDelivered: Counter;
  readonly chatPostSeconds: Histogram;
  readonly rpcErrors: Counter<'code'>;
  readonly limitFailOpens: Counter;
  readonly uploadsRefused: Counter<'reason'>;
  /** What the retention job deleted: conversations, their stored files, and those files' bytes. */
  readonly retentionDeleted: { conversations: Counter; attachments: Counter; bytes: Counter };
  /** Alert mails a channel's hourly cap kept back, by kind (missed_chat, offline_message). */
  readonly alertMailsSuppressed: Counter<'kind'>;
  /** Digest mails sent in their place, one per channel and hour at most. */
  readonly alertDigestsSent: Counter;
  /** Offline messages refused by the per-channel daily safety bound (OFFLINE_MESSAGES_PER_DAY). */
  readonly offlineMessagesOverChannelBound: Counter;
  #sources: MetricSources = {};
  #defaultsOn = false;

  constructor() {
    const registers = [this.registry];
    const sources = (): MetricSources => this.#sources;
    new Gauge({
      name: 'livechat_bus_held_polls',
      help: 'Long polls held open, waiting for a notification on their channels.',
      registers,
      collect() {
        this.set(sources().heldPolls?.() ?? 0);
      },
    });
    this.busWritten = new Counter({ name: 'livechat_bus_notifications_written_total', help: 'Bus notifications committed to the database.', registers });
    this.busDelivered = new Counter({ name: 'livechat_bus_notifications_delivered_total', help: 'Bus notifications sent to clients in poll answers.', registers });
    this.chatPostSeconds = new Histogram({
      name: 'livechat_chat_post_duration_seconds',
      help: 'Time to answer /mail/chat_post, commit included.',
      // Group commit keeps a post in the low milliseconds; the top buckets show a database in trouble.
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.rpcErrors = new Counter({ name: 'livechat_jsonrpc_errors_total', help: 'JSON-RPC error answers, by error code.', labelNames: ['code'], registers });
    this.limitFailOpens = new Counter({
      name: 'livechat_limit_fail_open_total',
      help: 'Limit hits let through uncounted because the counters could not be written (at most 30 s in a row).',
      registers,
    });
    this.uploadsRefused = new Counter({
      name: 'livechat_uploads_refused_total',
      help: 'Uploads refused by a storage bound: low disk, or a daily byte budget (address, channel, operator).',
      labelNames: ['reason'],
      registers,
    });
    this.retentionDeleted = {
      conversations: new Counter({ name: 'livechat_retention_conversations_deleted_total', help: 'Ended conversations deleted past their retention.', registers }),
      attachments: new Counter({ name: 'livechat_retention_attachments_deleted_total', help: 'Attachments deleted with those conversations.', registers }),
      bytes: new Counter({ name: 'livechat_retention_bytes_deleted_total', help: 'Bytes of the attachments deleted with those conversations.', registers }),
    };
    const diskGauge = (name: string, help: string, pick: (d: { freeBytes: number; freeRatio: number }) => number): void => {
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const disk = await sources().disk?.();
          if (disk) this.set(pick(disk));
        },
      });
    };
    diskGauge('livechat_data_volume_free_bytes', 'Free bytes on the file system of DATA_DIR (for unprivileged use).', (d) => d.freeBytes);
    diskGauge('livechat_data_volume_free_ratio', 'Free share (0 to 1) of the file system of DATA_DIR; uploads stop below UPLOAD_MIN_FREE_PERCENT.', (d) => d.freeRatio);
    this.alertMailsSuppressed = new Counter({ name: 'livechat_alert_mails_suppressed_total', help: 'Alert mails not sent because their channel reached ALERT_MAILS_PER_HOUR; counted in the next digest.', labelNames: ['kind'], registers });
    this.alertDigestsSent = new Counter({ name: 'livechat_alert_digests_sent_total', help: 'Digest mails counting the alerts a channel’s hourly cap kept back.', registers });
    this.offlineMessagesOverChannelBound = new Counter({ name: 'livechat_offline_messages_over_channel_bound_total', help: 'Offline messages refused by the per-channel daily safety bound OFFLINE_MESSAGES_PER_DAY.', registers });
    const poolGauge = (name: string, help: string, pick: (p: { total: number; idle: number; waiting: number }) => number): void => {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const pool = sources().pool?.();
          if (pool) this.set(pick(pool));
        },
      });
    };
    poolGauge('livechat_db_pool_connections', 'PostgreSQL pool connections open.', (p) => p.total);
    poolGauge('livechat_db_pool_idle_connections', 'PostgreSQL pool connections open and idle.', (p) => p.idle);
    poolGauge('livechat_db_pool_waiting_requests', 'Queries waiting for a PostgreSQL pool connection.', (p) => p.waiting);
  }

  /** Where the scraped figures come from, once the parts that hold them exist. */
  setSources(sources: MetricSources): void {
    this.#sources = { ...this.#sources, ...sources };
  }

  /**
   * Adds prom-client's process metrics (event-loop lag, memory, CPU, handles). Only for apps that
   * expose metrics: the event-loop monitor costs a little on every tick.
   */
  collectDefaults(): void {
    if (this.#defaultsOn) return;
    this.#defaultsOn = true;
    collectDefaultMetrics({ register: this.registry });
  }
}
