import { parseUploadTypes, type VisitorUploadPolicy } from '../../../protocol/visitor-upload.js';
import type { ChannelRow } from '../../core/db/tables.js';

/** The channel's visitor-upload policy as init announces it: its own size within the server's, or `false` when off. */
export function visitorUploadPolicy(channel: ChannelRow, serverMaxBytes: number): VisitorUploadPolicy | false {
  if (!channel.visitor_uploads) return false;
  return { max_bytes: Math.min(channel.visitor_upload_max_bytes, serverMaxBytes), types: parseUploadTypes(channel.visitor_upload_types) ?? [] };
}
