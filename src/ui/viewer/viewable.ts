import type { ThreadAttachment } from '../thread/thread-message.js';

/** How the viewer shows an attachment; `download` is offered for download only (SPEC.md §5). */
export type ViewerKind = 'image' | 'video' | 'youtube' | 'pdf' | 'text' | 'download';

/** An attachment may say it is a link (PROTOCOL.md §5.3 `type: "url"`); thread attachments may omit it. */
export type ViewerAttachment = ThreadAttachment & { type?: 'url' | 'file' };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const LINKED_IMAGE = /\.(png|jpe?g|gif|webp)$/i;
const LINKED_VIDEO = /\.(mp4|webm|ogv)$/i;

function parse(url: string): URL | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : undefined;
  } catch {
    return undefined;
  }
}

/** The privacy-enhanced embed address of a YouTube watch or short link, or undefined. */
export function youtubeEmbedUrl(url: string): string | undefined {
  const u = parse(url);
  if (!u) return undefined;
  const host = u.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = u.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') id = u.pathname.startsWith('/embed/') ? u.pathname.slice(7) : u.searchParams.get('v');
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : undefined;
}

/**
 * The kind of an attachment. Files go by their (server-sniffed) mimetype; URL-type attachments only by
 * what the link itself shows, a YouTube page or an image or video file, since their mimetype is a guess.
 * SVG and HTML are never previewed: the server serves them as downloads only.
 */
export function viewerKind(attachment: ViewerAttachment): ViewerKind {
  if (!parse(attachment.url)) return 'download';
  if (attachment.type === 'url') {
    if (youtubeEmbedUrl(attachment.url)) return 'youtube';
    const path = (parse(attachment.url) as URL).pathname;
    if (LINKED_IMAGE.test(path)) return 'image';
    if (LINKED_VIDEO.test(path)) return 'video';
    return 'download';
  }
  const type = attachment.mimetype.toLowerCase();
  if (/^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(type)) return 'image';
  if (/^video\/(mp4|webm|ogg)$/.test(type)) return 'video';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'text/plain' || type === 'text/csv') return 'text';
  return 'download';
}

/** Whether the viewer can show it (SPEC.md §5: images, videos, PDFs, text, and links to videos or images). */
export function isViewable(attachment: ViewerAttachment): boolean {
  return viewerKind(attachment) !== 'download';
}
