/**
 * The bounds README "Security → Limits" states for an anonymous flood, computed from the server's own
 * configuration (loadConfig), so the bench row moves with the defaults instead of repeating a number.
 */
import type { ServerConfig } from '../../../src/server/core/config/config.js';
import { TRANSCRIPT_LIMITS } from '../../../src/server/features/transcript/transcript-mail.js';
import { OFFLINE_MESSAGES_PER_ADDRESS_PER_DAY } from '../../../src/server/features/offline-messages/offline-message-routes.js';

const PER_HOUR = 60;
/** Offline message fields (README: name 100, e-mail address 254, message 4,000 characters). */
const OFFLINE_MESSAGE_CHARS = 100 + 254 + 4000;
/** Each visitor message is stored once and announced on 3 bus channels, whose notifications keep its text. */
const COPIES_PER_MESSAGE = 1 + 3;

/** The limits of the configuration that cap an anonymous flood by the day or by the channel. */
export function floodCaps(config: ServerConfig): {
  uploadBytesPerAddressPerDay: number | undefined;
  uploadBytesPerChannelPerDay: number | undefined;
  alertMailsPerChannelPerHour: number | undefined;
  transcriptsPerChannelPerHour: number | undefined;
} {
  return {
    uploadBytesPerAddressPerDay: config.visitorUploadAddressDailyBytes,
    uploadBytesPerChannelPerDay: config.visitorUploadChannelDailyBytes,
    alertMailsPerChannelPerHour: config.alertMailsPerHour,
    transcriptsPerChannelPerHour: config.transcriptsPerChannelPerHour,
  };
}

const capped = (value: number, cap: number | undefined): number => (cap === undefined ? value : Math.min(value, cap));

/** Bytes one anonymous address may make the server store in an hour, part by part (ASCII text). */
export function storageBoundPerAddressHour(config: ServerConfig, channelMaxFileBytes: number): { total: number; parts: Record<string, number> } {
  const planned = floodCaps(config);
  const messages = config.rateLimits.chatPost * PER_HOUR * config.messageMaxLength * COPIES_PER_MESSAGE;
  const maxFile = Math.min(channelMaxFileBytes, config.attachmentMaxBytes);
  // Files need conversations: each takes at most the per-conversation budget.
  const byRate = Math.min(config.rateLimits.upload * PER_HOUR * maxFile, config.rateLimits.getSession * PER_HOUR * config.visitorUploadSessionMaxBytes);
  // Day budgets: an address may spend a whole day's budget within one hour.
  const uploads = capped(capped(byRate, planned.uploadBytesPerAddressPerDay), planned.uploadBytesPerChannelPerDay);
  const offlineCount = Math.min(config.rateLimits.offlineMessage * PER_HOUR, OFFLINE_MESSAGES_PER_ADDRESS_PER_DAY, config.offlineMessagesPerDay);
  const offline = offlineCount * OFFLINE_MESSAGE_CHARS;
  const parts = { messages, uploads, offline };
  return { total: messages + uploads + offline, parts };
}

/** Mails a flood from `addresses` anonymous addresses on one channel may make the server send in an hour. */
export function mailBoundPerHour(config: ServerConfig, addresses: number): { total: number; parts: Record<string, number> } {
  const planned = floodCaps(config);
  // Fresh recipients each time: the per-recipient allowance does not bind, the per-address rate does.
  const perSessionRate = config.rateLimits.getSession * TRANSCRIPT_LIMITS.perSessionPerDay;
  const transcripts = capped(addresses * Math.min(config.rateLimits.transcript, perSessionRate) * PER_HOUR, planned.transcriptsPerChannelPerHour);
  const offlineAlerts = Math.min(addresses * Math.min(config.rateLimits.offlineMessage * PER_HOUR, OFFLINE_MESSAGES_PER_ADDRESS_PER_DAY), config.offlineMessagesPerDay);
  // Every unanswered conversation is one missed-chat mail.
  const missedAlerts = addresses * config.rateLimits.getSession * PER_HOUR;
  const cap = planned.alertMailsPerChannelPerHour;
  // Past the hourly cap the channel's operators get one digest an hour instead of each mail.
  const alerts = cap === undefined ? offlineAlerts + missedAlerts : Math.min(offlineAlerts + missedAlerts, cap + 1);
  return { total: transcripts + alerts, parts: { transcripts, alerts, offlineAlerts, missedAlerts } };
}
