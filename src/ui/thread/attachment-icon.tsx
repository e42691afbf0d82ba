import type { ViewerKind } from '../viewer/viewable.js';
import type { ThreadAttachment } from './thread-message.js';

/** Which icon an attachment gets beside its name. */
export type AttachmentIconName = 'image' | 'video' | 'pdf' | 'text' | 'link' | 'file';

/**
 * The icon of an attachment: what the viewer would show it as, or, for one offered for download only, a
 * rough family of its mimetype (the icon only hints; whether it opens in the viewer is the viewer's rule).
 */
export function attachmentIconName(attachment: ThreadAttachment, kind: ViewerKind): AttachmentIconName {
  if (kind === 'youtube') return 'video';
  if (kind !== 'download') return kind;
  if (attachment.type === 'url') return 'link';
  const type = attachment.mimetype.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('text/')) return 'text';
  return 'file';
}

// 16×16 outlines drawn with the current text colour; inline so that no request leaves for another host.
const PATHS: Record<AttachmentIconName, string> = {
  file: 'M4 1.5h5l3.5 3.5v9.5h-8.5zM9 1.5V5h3.5',
  text: 'M4 1.5h5l3.5 3.5v9.5h-8.5zM9 1.5V5h3.5M6 8h4.5M6 10.5h4.5M6 13h3',
  pdf: 'M4 1.5h5l3.5 3.5v9.5h-8.5zM9 1.5V5h3.5M5.5 12.5c2-1 3.5-3.5 3-5.5c-.5-1-1.5 0-1 1.5c.5 1.5 2 3 3.5 3.5',
  image: 'M2 3h12v10h-12zM2 11l3.5-3.5l3 3l2-2l3.5 3.5M10.5 6.5a1 1 0 1 0 0-.01',
  video: 'M1.5 4h9v8h-9zM10.5 7l4-2.5v7l-4-2.5',
  link: 'M7 9a2.5 2.5 0 0 0 3.5 0l2.5-2.5a2.5 2.5 0 0 0-3.5-3.5l-1 1M9 7a2.5 2.5 0 0 0-3.5 0l-2.5 2.5a2.5 2.5 0 0 0 3.5 3.5l1-1',
};

/** A decorative attachment icon; the name beside it says what the attachment is. */
export function AttachmentIcon({ name }: { name: AttachmentIconName }): React.JSX.Element {
  return (
    <svg className="lc-attachment-icon" data-icon={name} viewBox="0 0 16 16" width={16} height={16} aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth={1.3} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
