import type { MessageAttachment } from '../../protocol/livechat.js';
import { humanSize } from '../../platform/text/index.js';
import { useT } from '../core/texts.js';

/** The URL if it is an http(s) address (relative ones resolve against the console), else undefined. */
function safeHref(url: string): string | undefined {
  try {
    return /^https?:$/.test(new URL(url, document.baseURI).protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

const isImage = (a: MessageAttachment): boolean => a.type === 'file' && /^image\/(png|jpeg|gif|webp)$/.test(a.mimetype);

/**
 * A message's attachments: pictures as small previews, every file as a link with its size. Names are
 * text; URLs come from the server (its own `/web/content` links, or an http(s) link an operator gave).
 */
export function AttachmentList({ attachments }: { attachments: MessageAttachment[] }): React.JSX.Element {
  const t = useT();
  return (
    <ul className="op-attachments" aria-label={t('operator.conversation.attachments')}>
      {attachments.map((a) => {
        const name = a.name || a.filename;
        const safeUrl = safeHref(a.url);
        return (
          <li key={a.id}>
            {isImage(a) && safeUrl ? <img src={safeUrl} alt={name} className="op-attachment-preview" loading="lazy" decoding="async" /> : null}
            <a href={safeUrl} target="_blank" rel="noopener noreferrer" download={a.type === 'file' ? name : undefined} dir="auto">
              {name}
            </a>
            {a.type === 'file' && typeof a.file_size === 'number' ? <span className="op-attachment-size"> ({humanSize(a.file_size)})</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
