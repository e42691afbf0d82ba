/**
 * Sending the visitor's files (issue 15), loaded only once a visitor attaches, drops or pastes one: each
 * file is a message of the thread that shows its progress, takes the server's message when stored, and
 * keeps the file when it fails, so Retry sends it again under the same key.
 */
import { atom } from 'jotai/vanilla';
import { POST_KEY_PARAM, type MessageAttachment } from '../protocol/livechat.js';
import type { VisitorUploadPolicy } from '../protocol/visitor-upload.js';
import { depsOf } from './context.js';
import { pendingMessage, updateMessage, type ThreadMessage, type UploadRefusal } from './messages.js';
import { composerEnabledAtom, optionsAtom, sessionAtom } from './session.js';
import { messagesAtom } from './thread.js';
import { uploadPolicyAtom } from './uploads.js';

/** The refusal the server's error code stands for; undefined when trying again may work. */
function refusalOf(code: string, policy: VisitorUploadPolicy): UploadRefusal | undefined {
  if (code === 'file_too_large') return { reason: 'size', maxBytes: policy.max_bytes };
  if (code === 'image_too_large') return { reason: 'pixels' };
  // `type_not_allowed` and `mimetype_mismatch`, the only codes that name a type.
  if (code.includes('type')) return { reason: 'type' };
  // A spent daily budget (`upload_quota`) refuses until tomorrow: no retry now can change it.
  return code === 'session_full' || code === 'upload_quota' ? { reason: 'full' } : undefined;
}

/** Sends the file of the thread's entry `localId`, updating its progress, then its outcome. */
export const sendFileAtom = atom(null, async (get, set, localId: string) => {
  const session = get(sessionAtom);
  const policy = get(uploadPolicyAtom);
  const entry = get(messagesAtom).find((m) => m.id === localId);
  if (!session || !policy || !entry?.file) return;
  const patch = (change: Partial<ThreadMessage>): void => set(messagesAtom, updateMessage(get(messagesAtom), localId, change));
  patch({ delivery: 'sending' });
  let answer: { status: number; body: unknown };
  try {
    answer = await depsOf(get).upload({ uuid: session.uuid, [POST_KEY_PARAM]: entry.postKey ?? '' }, entry.file, (progress) => patch({ progress }));
  } catch {
    answer = { status: 0, body: undefined };
  }
  const body = answer.body as Partial<{ message_id: number; attachments: MessageAttachment[]; error: { code: string } }> | null;
  // When the announcement of the stored message (it carries the key) already took the entry's place, no
  // entry has `localId` any more and these changes find nothing: a lost answer does not fail a stored file.
  if (answer.status === 200 && typeof body?.message_id === 'number') return patch({ id: body.message_id, delivery: 'sent', body: '', attachment_ids: body.attachments ?? [] });
  patch({ delivery: 'failed', progress: undefined, refusal: refusalOf(body?.error?.code ?? '', policy) });
});

/**
 * Each file becomes a message of the thread at once. A file over the channel's size is shown refused
 * without being sent; the server judges the type, from the content.
 */
export const attachFilesAtom = atom(null, async (get, set, files: readonly File[]) => {
  const session = get(sessionAtom);
  const policy = get(uploadPolicyAtom);
  if (!session || !policy || !get(composerEnabledAtom)) return;
  const sending: Promise<void>[] = [];
  for (const file of files) {
    const localId = `_u${Math.random()}`;
    const refusal: UploadRefusal | undefined = file.size > policy.max_bytes ? { reason: 'size', maxBytes: policy.max_bytes } : undefined;
    const entry = pendingMessage(localId, file.name, get(optionsAtom).defaultUsername, session.id, depsOf(get).clock.now());
    set(messagesAtom, [...get(messagesAtom), { ...entry, draft: undefined, file, ...(refusal ? { delivery: 'failed' as const, refusal } : {}) }]);
    if (!refusal) sending.push(set(sendFileAtom, localId));
  }
  await Promise.all(sending);
});
