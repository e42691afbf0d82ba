/**
 * The security issue "Bounded by design": what an anonymous flood makes the server store and mail, at
 * the default limits, next to the bounds README "Security → Limits" states (computed from loadConfig)
 * and to the data volume. Four attacker addresses (127.0.0.2–5) flood conversations with the longest
 * messages, the largest files the channel takes, offline messages and transcripts to fresh addresses for
 * `--seconds`; the growth of DATA_DIR (database and files, measured after a clean shutdown folded SQLite's
 * WAL back) and the mails a real SMTP server received are extrapolated to an hour.
 */
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { DEFAULT_LIMITS_ENV, operatorCookie, startProductServer, type ProductServer } from '../lib/product-server.js';
import { RpcClient } from '../lib/rpc.js';
import { floodFrom, type FloodCounts } from '../lib/flood.js';
import { folderBytes, formatBytes, volumeOf } from '../lib/disk.js';
import { mailBoundPerHour, storageBoundPerAddressHour } from '../lib/stated-bounds.js';
import type { Row } from '../lib/table.js';
import { startMailbox, type TestMailbox } from '../../server/support/mailbox.js';
import { loadConfig, type ServerConfig } from '../../../src/server/core/config/config.js';

const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
/** The shortest "missed after" a channel takes: missed-chat mails of the flood fall inside the run. */
const MISSED_AFTER_SECONDS = 10;
/** The flood stops uploading once it has used this share of the volume's free space. */
const FREE_SPACE_SHARE = 0.5;
const CHANNEL_ID = 1;
/**
 * How the hour is reached: allowances per minute, hour or day that the flood spends within the run count
 * again for every run-length of the hour, so a run shorter than a limit's window over-states the hour.
 */
const LINEAR = ', × 3600 / run (linear: over-states allowances whose window is longer than the run)';

interface ChannelSettings {
  visitor_upload_max_bytes: number;
}

/** Logs the seeded admin in and sets the channel up as the issue describes; returns the operator and the channel. */
async function setUp(server: ProductServer): Promise<{ operator: RpcClient; channel: ChannelSettings }> {
  const operator = new RpcClient(server.url, { cookie: await operatorCookie(server.url) });
  await operator.call('/web/session/get_session_info', {});
  await operator.call('/im_livechat/operator/set_alert_settings', { email: 'operators@example.org', notify_missed_chat: true, notify_offline_message: true });
  const channel = await operator.call<ChannelSettings>('/im_livechat/operator/admin/update_channel', {
    channel_id: CHANNEL_ID,
    values: { offline_mode: 'message_form', visitor_uploads: true, missed_after_seconds: MISSED_AFTER_SECONDS },
  });
  return { operator, channel };
}

function sum(counts: FloodCounts[]): FloodCounts {
  const total: FloodCounts = { sessions: 0, posts: 0, uploads: 0, uploadedBytes: 0, offline: 0, transcripts: 0, refused: 0 };
  for (const c of counts) for (const k of Object.keys(total) as (keyof FloodCounts)[]) total[k] += c[k];
  return total;
}

/** Mails by kind, from their subjects (alert-mails.ts and transcript.ts). */
function mailKinds(mailbox: TestMailbox, from: number): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const m of mailbox.mails.slice(from)) {
    const kind = m.subject.startsWith('Conversation with') ? 'transcript' : m.subject.startsWith('Missed chat') ? 'missed chat' : m.subject.startsWith('New message') ? 'offline message' : 'other';
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  return kinds;
}

interface Flooded {
  seconds: number;
  counts: FloodCounts[];
  liveGrowth: number;
  mails: number;
  kinds: Record<string, number>;
  uploadsCapped: boolean;
}

/** Floods for `seconds` from every address; the operator answers each long conversation once. */
async function flood(server: ProductServer, operator: RpcClient, mailbox: TestMailbox, channel: ChannelSettings, config: ServerConfig, seconds: number): Promise<Flooded> {
  const before = folderBytes(server.dataDir);
  const room = volumeOf(server.dataDir).freeBytes * FREE_SPACE_SHARE;
  const mailsBefore = mailbox.mails.length;
  let uploadsCapped = false;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const fileBytes = Math.min(channel.visitor_upload_max_bytes, config.attachmentMaxBytes);
  const plan = {
    url: server.url,
    channelId: CHANNEL_ID,
    messageChars: config.messageMaxLength,
    file: Buffer.alloc(fileBytes, 'a'),
    filesPerSession: Math.max(1, Math.floor(config.visitorUploadSessionMaxBytes / fileBytes)),
    running: () => performance.now() < end,
    uploadsAllowed: () => !uploadsCapped,
    answer: async (sessionId: number) => void (await operator.raw('/mail/chat_post', { session_id: sessionId, message_content: 'How can I help?' })),
  };
  const guard = setInterval(() => {
    if (folderBytes(server.dataDir) - before > room) uploadsCapped = true;
  }, 1000);
  // The console polls; without it the operator would count as gone and conversations would stop opening.
  const keepOnline = setInterval(() => void operator.call('/web/session/get_session_info', {}).catch(() => undefined), 5_000);
  try {
    const running = ADDRESSES.map((a) => floodFrom(plan, a));
    await new Promise((r) => setTimeout(r, seconds * 1000));
    // Mails and bytes of the window itself; calls still in flight (a refusal is answered a second late) come after.
    const mails = mailbox.mails.length - mailsBefore;
    const kinds = mailKinds(mailbox, mailsBefore);
    const liveGrowth = folderBytes(server.dataDir) - before;
    const counts = await Promise.all(running);
    return { seconds: (performance.now() - t0) / 1000, counts, liveGrowth, mails, kinds, uploadsCapped };
  } finally {
    clearInterval(guard);
    clearInterval(keepOnline);
  }
}

/** Runs the scenario on SQLite with the default limits. */
export async function boundsScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const seconds = ctx.seconds ?? (ctx.quick ? 15 : 60);
  const env = { ...DEFAULT_LIMITS_ENV };
  const config = loadConfig(env);
  const mailbox = await startMailbox();
  let server: ProductServer | undefined;
  try {
    server = await startProductServer({ env: { ...env, SMTP_URL: mailbox.url } });
    const { operator, channel } = await setUp(server);
    const baseline = folderBytes(server.dataDir);
    const flooded = await flood(server, operator, mailbox, channel, config, seconds);
    operator.close();
    await server.halt();
    const growth = folderBytes(server.dataDir) - baseline;
    const volume = volumeOf(server.dataDir);
    const hour = 3600 / seconds;
    const perAddressHour = (growth / ADDRESSES.length) * hour;
    const storageBound = storageBoundPerAddressHour(config, channel.visitor_upload_max_bytes);
    const mailBound = mailBoundPerHour(config, ADDRESSES.length);
    const total = sum(flooded.counts);
    const boundParts = (parts: Record<string, number>, f: (n: number) => string): string =>
      Object.entries(parts).map(([k, v]) => `${k} ${f(v)}`).join(', ');
    const rows: Row[] = [
      {
        scenario: 'bounds',
        metric: `storage per anonymous address per hour (flood, ${seconds} s, ${ADDRESSES.length} addresses)`,
        value: formatBytes(perAddressHour),
        reference: `bound ${formatBytes(storageBound.total)} (${boundParts(storageBound.parts, formatBytes)}); measured ${formatBytes(growth / ADDRESSES.length)} per address in ${seconds} s${LINEAR}${flooded.uploadsCapped ? '; uploads stopped at half the free space' : ''}`,
      },
      {
        scenario: 'bounds',
        metric: 'mails per hour from the same flood',
        value: `${Math.round(flooded.mails * hour)}/h`,
        reference: `bound ${mailBound.total}/h (${boundParts(mailBound.parts, String)}); measured ${flooded.mails} in ${seconds} s (${boundParts(flooded.kinds, String) || 'none'})${LINEAR}`,
      },
      {
        scenario: 'bounds',
        metric: 'data volume',
        value: formatBytes(volume.sizeBytes),
        reference: `${formatBytes(volume.freeBytes)} free; ${(volume.freeBytes / Math.max(perAddressHour, 1)).toFixed(1)} address-hours of this flood fill it`,
      },
    ];
    const data = { seconds, addresses: ADDRESSES, missedAfterSeconds: MISSED_AFTER_SECONDS, growth, liveGrowth: flooded.liveGrowth, perAddressHour, storageBound, mails: flooded.mails, mailKinds: flooded.kinds, mailBound, total, perAddress: flooded.counts, volume };
    ctx.log(`bounds: ${JSON.stringify(total)}`);
    return { name: 'bounds', rows, data, notMeasured: [] };
  } finally {
    await server?.stop();
    await mailbox.close();
  }
}
