import { safeUrl } from '../shared/safe-url.js';
import { useUiText } from '../shared/ui-text-context.js';
import type { ThreadAttachment } from './thread-message.js';

/** Props of {@link AttachmentList}. */
export interface AttachmentListProps {
  attachments: readonly ThreadAttachment[];
  /** Opens the attachment viewer on an image; without it, thumbnails are plain links. */
  onOpen?(attachment: ThreadAttachment): void;
}

/** Image thumbnails and file links with a human size. */
export function AttachmentList({ attachments, onOpen }: AttachmentListProps): React.JSX.Element | null {
  const { t, formatSize } = useUiText();
  const items = attachments.flatMap((attachment) => {
    const url = safeUrl(attachment.url);
    return url ? [{ attachment, url, name: attachment.name || t('widget.thread.unnamed') }] : [];
  });
  if (items.length === 0) return null;
  return (
    <ul className="lc-attachments">
      {items.map(({ attachment, url, name }) => {
        if (attachment.mimetype.startsWith('image/')) {
          const image = <img className="lc-thumbnail" src={url} alt={name} loading="lazy" />;
          return (
            <li key={attachment.id} className="lc-attachment-image">
              {onOpen ? (
                <button type="button" className="lc-thumbnail-button" onClick={() => onOpen(attachment)}>
                  {image}
                </button>
              ) : (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {image}
                </a>
              )}
            </li>
          );
        }
        return (
          <li key={attachment.id} className="lc-attachment-file">
            <a href={url} target="_blank" rel="noopener noreferrer" download={name}>
              {name}
            </a>
            {typeof attachment.size === 'number' ? <span className="lc-attachment-size"> ({formatSize(attachment.size)})</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
