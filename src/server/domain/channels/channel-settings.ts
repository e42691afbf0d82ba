import { InvalidParamError, RpcError } from '../../core/rpc/errors.js';
import type { ChannelPatch } from '../../core/db/tables.js';
import { urlPatternProblem } from './rules.js';
import { VISITOR_UPLOAD_TYPES_MAX, parseUploadTypes } from '../../../protocol/visitor-upload.js';
import { OFFLINE_MODES, type OfflineMode } from '../../../protocol/offline-message.js';
import { MISSED_AFTER_SECONDS, RETENTION_DAYS_BOUNDS } from '../../../protocol/operator-console.js';
import { PRECHAT_FORMS, type PrechatForm } from '../../../protocol/visitor.js';
import { QUEUE_LIMIT_MAX } from '../../../protocol/queue.js';
import { CAPACITY_BOUNDS, REASSIGN_AFTER_SECONDS } from '../../../protocol/console/routing.js';

const writableText = (max: number) => (v: unknown) => {
  if (typeof v !== 'string' || v.length > max) throw new InvalidParamError(`expected a text of at most ${max} characters`);
  return v;
};
const writableColour = (v: unknown) => {
  if (v === false || v === null || v === '') return null;
  if (typeof v !== 'string' || !/^#[0-9a-f]{3,8}$/i.test(v)) throw new InvalidParamError('a colour must look like #1a2b3c');
  return v;
};

const writableFlag = (v: unknown) => {
  if (typeof v !== 'boolean') throw new InvalidParamError('expected true or false');
  return v ? 1 : 0;
};

/** The largest per-file limit an admin may set; the server's ATTACHMENT_MAX_BYTES still caps what is accepted. */
const VISITOR_UPLOAD_MAX_BYTES_CEILING = 1024 * 1024 * 1024;

/** A setting's writer: checks a written value and converts it to its column's. */
type Writer = (value: unknown) => unknown;

/** The writable channel settings and their writers; the console's dataset layer and the admin both write through these. */
export const CHANNEL_SETTING_WRITERS = {
  name: writableText(200),
  button_text: writableText(200),
  default_message: writableText(1000),
  input_placeholder: writableText(200),
  button_background_color: writableColour,
  button_text_color: writableColour,
  header_background_color: writableColour,
  title_color: writableColour,
  rule_action: (v) => {
    if (v !== 'display_button' && v !== 'auto_popup' && v !== 'hide_button') throw new InvalidParamError('rule_action must be display_button, auto_popup or hide_button');
    return v;
  },
  auto_popup_timer: (v) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 3600) throw new InvalidParamError('auto_popup_timer must be 0 to 3600 seconds');
    return v;
  },
  rule_url_pattern: (v) => {
    if (v === false || v === null || v === '') return null;
    if (typeof v !== 'string') throw new InvalidParamError('rule_url_pattern must be a short regular expression');
    const problem = urlPatternProblem(v);
    if (problem) throw new InvalidParamError(`rule_url_pattern ${problem}`);
    return v;
  },
  prechat_form: (v) => {
    if (!PRECHAT_FORMS.includes(v as PrechatForm)) throw new InvalidParamError('prechat_form must be off, name or name_email');
    return v;
  },
  visitor_uploads: writableFlag,
  visitor_upload_max_bytes: (v) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1024 || v > VISITOR_UPLOAD_MAX_BYTES_CEILING) {
      throw new InvalidParamError('visitor_upload_max_bytes must be a whole number of bytes from 1 KB to 1 GB');
    }
    return v;
  },
  visitor_upload_types: (v) => {
    const types = typeof v === 'string' && v.length <= VISITOR_UPLOAD_TYPES_MAX ? parseUploadTypes(v) : undefined;
    if (!types) throw new InvalidParamError('visitor_upload_types must be MIME types such as image/png or image/*, separated by commas');
    return types.join(',');
  },
  offline_mode: (v) => {
    if (!OFFLINE_MODES.includes(v as OfflineMode)) throw new InvalidParamError('offline_mode must be hide_button or message_form');
    return v;
  },
  offline_text: writableText(200),
  missed_after_seconds: (v) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < MISSED_AFTER_SECONDS.min || v > MISSED_AFTER_SECONDS.max) {
      throw new InvalidParamError(`missed_after_seconds must be ${MISSED_AFTER_SECONDS.min} to ${MISSED_AFTER_SECONDS.max} seconds`);
    }
    return v;
  },
  retention_days: (v) => {
    if (v === null || v === false) return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < RETENTION_DAYS_BOUNDS.min || v > RETENTION_DAYS_BOUNDS.max) throw new InvalidParamError(`retention_days must be ${RETENTION_DAYS_BOUNDS.min} to ${RETENTION_DAYS_BOUNDS.max} days, or null to keep them`);
    return v;
  },
  capacity: (v) => {
    if (v === null || v === false) return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < CAPACITY_BOUNDS.min || v > CAPACITY_BOUNDS.max) throw new InvalidParamError(`capacity must be ${CAPACITY_BOUNDS.min} to ${CAPACITY_BOUNDS.max} conversations, or null for no limit`);
    return v;
  },
  reassign_after_seconds: (v) => {
    if (v === null || v === false) return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < REASSIGN_AFTER_SECONDS.min || v > REASSIGN_AFTER_SECONDS.max) {
      throw new InvalidParamError(`reassign_after_seconds must be ${REASSIGN_AFTER_SECONDS.min} to ${REASSIGN_AFTER_SECONDS.max} seconds, or null to never reassign`);
    }
    return v;
  },
  queue_limit: (v) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > QUEUE_LIMIT_MAX) throw new InvalidParamError(`queue_limit must be 1 to ${QUEUE_LIMIT_MAX} visitors`);
    return v;
  },
} satisfies Record<string, Writer>;

/** A value names a setting that is not writable: answered like the dataset layer's access errors. */
export class ChannelSettingNotWritableError extends RpcError {
  constructor(key: string) {
    super(`Field not writable: ${key.slice(0, 60)}`, 'access_error', undefined, 'livechat.AccessError');
  }
}

/** The column patch for written channel settings, each checked; throws on a value or key it refuses. */
export function channelSettingsPatch(values: unknown): ChannelPatch {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) throw new InvalidParamError('values must be an object');
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const write: Writer | undefined = Object.hasOwn(CHANNEL_SETTING_WRITERS, key) ? (CHANNEL_SETTING_WRITERS as Record<string, Writer>)[key] : undefined;
    if (!write) throw new ChannelSettingNotWritableError(key);
    patch[key] = write(value);
  }
  return patch as ChannelPatch;
}
