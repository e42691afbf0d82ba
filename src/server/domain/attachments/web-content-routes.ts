import Type from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FileBytes, Media, PathSegment, PlainText, QueryValue, Redirect } from '../../core/schemas/http.js';
import type { AttachmentRow } from '../../core/db/tables.js';
import { mayReadAttachment } from './access.js';
import { servedFile } from './stored-file.js';
import { CONTENT_PATH, PARTNER_IMAGE_PATH } from '../../../protocol/routes.js';

/** Types a browser may show inline; anything else is always downloaded as opaque bytes. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|avif)|video\/(mp4|webm|ogg)|audio\/(mpeg|ogg|wav)|application\/pdf|text\/plain)$/;

/** The avatar shown for authorless (visitor) messages and unknown authors: a smiley. */
export const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><rect width="64" height="64" fill="#e8eef4"/><circle cx="32" cy="32" r="22" fill="#ffd54f" stroke="#c9a227" stroke-width="2"/><circle cx="24" cy="27" r="3" fill="#4a3b00"/><circle cx="40" cy="27" r="3" fill="#4a3b00"/><path d="M22 37 q10 10 20 0" fill="none" stroke="#4a3b00" stroke-width="3" stroke-linecap="round"/></svg>`;

/** `attachment; filename=…` with an ASCII fallback and the RFC 5987 UTF-8 form; no quote or CR/LF survives. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'unnamed';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name || 'unnamed')}`;
}

function safeHeaders(reply: FastifyReply): void {
  void reply.header('X-Content-Type-Options', 'nosniff');
  void reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  // The widget shows images and avatars on the host page's origin.
  void reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  void reply.header('Access-Control-Allow-Origin', '*');
}

async function sendAttachment(reply: FastifyReply, attachment: AttachmentRow | undefined, download: boolean) {
  safeHeaders(reply);
  if (!attachment) return reply.status(404).type('text/plain').send('Not found');
  if (attachment.type === 'url') {
    if (!attachment.url || !/^https?:\/\//i.test(attachment.url)) return reply.status(404).type('text/plain').send('Not found');
    return reply.redirect(attachment.url, 302);
  }
  const served = servedFile(attachment);
  const inline = !download && !served.opaque && INLINE_TYPES.test(served.mimetype);
  void reply.header('Content-Type', inline ? served.mimetype : 'application/octet-stream');
  void reply.header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', served.name));
  void reply.header('Cache-Control', 'private, max-age=3600');
  return reply.send(Buffer.from(attachment.data ?? Buffer.alloc(0)));
}

const attachmentSchema = {
  summary: 'An attachment’s bytes (or a redirect to a link attachment)',
  params: Type.Object({ id: PathSegment('The attachment’s public id') }),
  querystring: Type.Object({
    download: Type.Optional(QueryValue('`true` or `1`: always as a download')),
    access_token: Type.Optional(QueryValue('The visitor’s token from the message; operators use their session cookie')),
  }),
  response: {
    200: FileBytes('The file; shown inline only for safe image, video, audio, PDF and plain-text types'),
    302: Redirect('To a link attachment’s http(s) address'),
    404: PlainText('Unknown, or not the caller’s (answered alike)'),
  },
};

const avatarSchema = {
  summary: 'An operator’s picture, or the default smiley',
  params: Type.Object({ id: PathSegment('The author’s id; 0 or unknown gives the smiley') }),
  querystring: Type.Object({ v: Type.Optional(QueryValue('The picture’s version (the console’s addresses carry it); ignored, it only makes a new address')) }),
  response: { 304: Type.Null({ description: 'Not changed since the ETag the browser sent' }), 200: Media('The picture', ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']) },
};

/** Attachment downloads and avatars. Attachment URLs carry a random public id, not the row id. */
export async function webContentRoutes(app: FastifyInstance): Promise<void> {
  type Req = { Params: { id: string }; Querystring: { download?: string | string[]; access_token?: string | string[] } };
  const wantsDownload = (q: Req['Querystring']) => q.download === 'true' || q.download === '1';
  // Another session's attachment is answered exactly like an unknown id (issue 6).
  const lookup = async (request: FastifyRequest<Req>) => {
    const id = request.params.id;
    const attachment = /^[A-Za-z0-9_-]{10,64}$/.test(id) ? await app.store.getAttachmentByPublicId(id) : undefined;
    return attachment && (await mayReadAttachment(app, request, attachment, request.query.access_token)) ? attachment : undefined;
  };

  app.get<Req>(`${CONTENT_PATH}/:id`, { schema: attachmentSchema }, async (request, reply) => sendAttachment(reply, await lookup(request), wantsDownload(request.query)));
  app.get<Req>(`${CONTENT_PATH}/ir.attachment/:id/datas`, { schema: attachmentSchema }, async (request, reply) => sendAttachment(reply, await lookup(request), wantsDownload(request.query)));

  app.get<{ Params: { id: string } }>(`${PARTNER_IMAGE_PATH}/:id`, { schema: avatarSchema }, async (request, reply) => {
    safeHeaders(reply);
    void reply.header('Cache-Control', 'public, max-age=300');
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
    const operator = id > 0 ? await app.store.getOperator(id) : undefined;
    const picture = operator?.avatar && operator.avatar_mimetype && /^image\/(png|jpeg|gif|webp)$/.test(operator.avatar_mimetype) ? operator : undefined;
    // The address stays the same when an operator changes its picture: the ETag lets a browser whose
    // cached copy expired ask whether it is still the one.
    const etag = picture ? `"p${picture.id}-${picture.avatar_updated_at ?? 0}"` : '"default"';
    void reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    if (picture?.avatar && picture.avatar_mimetype) return reply.type(picture.avatar_mimetype).send(Buffer.from(picture.avatar));
    return reply.type('image/svg+xml').send(DEFAULT_AVATAR_SVG);
  });
}
