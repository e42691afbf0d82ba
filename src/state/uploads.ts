/**
 * The visitor's files (issue 15): the channel's policy, and the two ways in (attach, retry) that load the
 * sending code only when a file is there, so a chat without files does not download it.
 */
import { atom } from 'jotai/vanilla';
import type { VisitorUploadPolicy } from '../protocol/visitor-upload.js';
import { sessionAtom } from './session.js';

/** What the channel lets visitors send; undefined: no files (off, or a server without uploads). */
export const uploadPolicyAtom = atom<VisitorUploadPolicy | undefined>(undefined);

/**
 * Reads init's `options.visitor_upload`; anything else than a policy means no files. The types only
 * narrow the browser's file chooser: the server judges every file.
 */
export function uploadPolicyFrom(wire: unknown): VisitorUploadPolicy | undefined {
  const p = wire as VisitorUploadPolicy | null | undefined;
  return p && Number.isFinite(p.max_bytes) && p.max_bytes > 0 && Array.isArray(p.types) ? p : undefined;
}

const sendingCode = () => import('./upload-sending.js');

/** The visitor chose, dropped or pasted files: each becomes a message of the thread at once. */
export const attachAtom = atom(null, async (get, set, files: readonly File[]) => {
  if (!get(sessionAtom) || !get(uploadPolicyAtom) || files.length === 0) return;
  const { attachFilesAtom } = await sendingCode();
  await set(attachFilesAtom, files);
});

/** Retry of a file that failed: the same bytes under the same key. */
export const retryFileAtom = atom(null, async (_get, set, localId: string) => {
  const { sendFileAtom } = await sendingCode();
  await set(sendFileAtom, localId);
});
