import type { OperatorProfile } from '../../protocol/operator-profile.js';
import type { AdminAvatarFields } from '../../protocol/schemas/console-params.js';

/**
 * Sends a picture (already cropped square) as multipart/form-data with the session cookie; for an
 * administrator's change of another operator, `operatorId` goes first, so the server judges the request
 * before it reads the picture. Rejects with the server's readable reason.
 */
export async function uploadAvatar(url: string, picture: Blob, operatorId?: number, fetchImpl: typeof fetch = fetch): Promise<OperatorProfile> {
  const form = new FormData();
  if (operatorId !== undefined) {
    const fields = { operator_id: String(operatorId) } satisfies AdminAvatarFields;
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
  }
  form.append('file', picture, 'picture.png');
  const response = await fetchImpl(url, { method: 'POST', body: form, credentials: 'same-origin' });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { message?: unknown } } | undefined)?.error;
  if (!response.ok || error) throw new Error(typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`);
  return body as OperatorProfile;
}
