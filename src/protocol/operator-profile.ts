/**
 * An operator's profile (issue "the first hour", 8): the name and picture visitors see in the widget's
 * header and beside the operator's messages. Shared by the console and the server; the Odoo protocol has
 * no such route, this is an addition under the console's own prefix.
 */
import type { UploadErrorCode } from './visitor-upload.js';

/** The operator's own profile: `{}` → {@link OperatorProfile}. */
export const OPERATOR_PROFILE_ROUTE = '/im_livechat/operator/profile';
/** Changes the operator's own display name: `{name}` → {@link OperatorProfile}. */
export const OPERATOR_SET_PROFILE_ROUTE = '/im_livechat/operator/set_profile';
/** `POST` multipart/form-data with one picture file: the operator's own picture → {@link OperatorProfile}. */
export const OPERATOR_AVATAR_ROUTE = '/im_livechat/operator/upload_avatar';
/** Removes the operator's own picture: `{}` → {@link OperatorProfile}. */
export const OPERATOR_REMOVE_AVATAR_ROUTE = '/im_livechat/operator/remove_avatar';
/** Admin: another operator's name, `{operator_id, name}` → {@link OperatorProfile}. */
export const ADMIN_SET_PROFILE_ROUTE = '/im_livechat/operator/admin/set_operator_profile';
/** Admin: `POST` multipart/form-data, the field `operator_id` then one picture file → {@link OperatorProfile}. */
export const ADMIN_AVATAR_ROUTE = '/im_livechat/operator/admin/upload_operator_avatar';
/** Admin: removes another operator's picture, `{operator_id}` → {@link OperatorProfile}. */
export const ADMIN_REMOVE_AVATAR_ROUTE = '/im_livechat/operator/admin/remove_operator_avatar';

/** Bounds of a display name, in characters after trimming. */
export const OPERATOR_DISPLAY_NAME = { min: 1, max: 64 } as const;

/**
 * The picture the server accepts: square, at most {@link OPERATOR_AVATAR.maxSide} pixels a side and
 * {@link OPERATOR_AVATAR.maxBytes}, in one of {@link OPERATOR_AVATAR.types}. The console crops and scales
 * the chosen picture to {@link OPERATOR_AVATAR.side} in the browser before sending it.
 */
export const OPERATOR_AVATAR = {
  side: 256,
  minSide: 16,
  maxSide: 512,
  maxBytes: 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

/** An operator's profile as the console shows and edits it. */
export interface OperatorProfile {
  id: number;
  /** The display name visitors see. */
  name: string;
  /** Whether a picture was uploaded (else visitors see the default one). */
  has_avatar: boolean;
  /** The picture's address on the chat server, versioned so a changed picture is fetched again. */
  avatar_url: string;
}

/** Why a picture was refused (an upload's codes, PROTOCOL in visitor-upload.ts), with an HTTP error status. */
export type AvatarErrorCode = Extract<UploadErrorCode, 'session_expired' | 'access_error' | 'not_found' | 'invalid' | 'empty_file' | 'file_too_large' | 'too_many_files' | 'mimetype_mismatch' | 'not_square' | 'image_too_large' | 'rate_limited' | 'upload_quota' | 'storage_full'>;

/** The address of a partner's picture at `version` (epoch ms of its last change; absent: never changed), relative to the server. */
export function avatarPath(partnerId: number, version: number | null): string {
  return `/web/partner_image/${partnerId}${version === null ? '' : `?v=${version}`}`;
}
