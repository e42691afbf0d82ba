import { inlineUrl } from '../shared/inline-url.js';
import { safeUrl } from '../shared/safe-url.js';
import { useUiText } from '../shared/ui-text-context.js';
import { isViewable, viewerKind } from '../viewer/viewable.js';
import { AttachmentIcon, attachmentIconName } from './attachment-icon.js';
import { isDataUrl, useDisplayableUrl } from './displayable-url.js';
import type { ThreadAttachment } from './thread-message.js';

/** Props of {@link AttachmentList}. */
export interface AttachmentListProps {
  attachments: readonly ThreadAttachment[];
  /**
   * Opens the attachment viewer at `attachment`, stepping through `viewable` (the message's attachments the
   * viewer can show, in order). Without it, every attachment is a plain link.
   */
  onOpen?(attachment: ThreadAttachment, viewable: readonly ThreadAttachment[]): void;
}

/**
 * A message's attachments: what the viewer can show (its own rules, SPEC.md §5) is a button opening it,
 * images as thumbnails; anything else is a download link with an icon, the name and a human size.
 * Attachments whose address is neither http(s) nor a data URL are left out.
 */
export function AttachmentList({ attachments, onOpen }: AttachmentListProps): React.JSX.Element | null {
  const shown = attachments.filter((a) => isDataUrl(a.url) || safeUrl(a.url) !== undefined);
  if (shown.length === 0) return null;
  const viewable = attachments.filter(isViewable);
  return (
    <ul className="lc-attachments">
      {shown.map((attachment) => (
        <AttachmentItem key={attachment.id} attachment={attachment} onOpen={onOpen ? () => onOpen(attachment, viewable) : undefined} />
      ))}
    </ul>
  );
}

function AttachmentItem({ attachment, onOpen }: { attachment: ThreadAttachment; onOpen: (() => void) | undefined }): React.JSX.Element | null {
  const { t, formatSize } = useUiText();
  const url = useDisplayableUrl(attachment.url);
  if (!url) return null;
  const name = attachment.name || t('widget.thread.unnamed');
  const kind = viewerKind(attachment);

  if (kind === 'image') {
    // The thumbnail loads the inline address: the download one is sent as `Content-Disposition: attachment`.
    const image = <img className="lc-thumbnail" src={inlineUrl(url)} alt={name} loading="lazy" decoding="async" />;
    return (
      <li className="lc-attachment-image">
        {onOpen ? (
          <button type="button" className="lc-thumbnail-button" onClick={onOpen}>
            {image}
          </button>
        ) : (
          <a href={inlineUrl(url)} target="_blank" rel="noopener noreferrer">
            {image}
          </a>
        )}
      </li>
    );
  }

  const icon = <AttachmentIcon name={attachmentIconName(attachment, kind)} />;
  const size = typeof attachment.size === 'number' ? <span className="lc-attachment-size"> ({formatSize(attachment.size)})</span> : null;
  if (kind !== 'download' && onOpen) {
    return (
      <li className="lc-attachment-file">
        <button type="button" className="lc-link-button lc-attachment-open" onClick={onOpen}>
          {icon}
          <span dir="auto">{name}</span>
        </button>
        {size}
      </li>
    );
  }
  // An object URL made here has the host page's origin, so it is only ever downloaded, never opened in a
  // tab where an HTML payload would run as the host page (and browsers refuse to open data URLs in tabs).
  const local = !url.startsWith('http');
  return (
    <li className="lc-attachment-file">
      <a href={url} download={name} {...(local ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
        {icon}
        <span dir="auto">{name}</span>
      </a>
      {size}
    </li>
  );
}
