import { useUiText } from '../shared/ui-text-context.js';
import type { ThreadMessage } from './thread-message.js';

/**
 * A file of the visitor's (issue 15) while it is sent (a progress bar named after it) or once refused for
 * good (the reason). Its own chunk: it is loaded with the code that sends files.
 */
export function UploadStatus({ upload }: { upload: NonNullable<ThreadMessage['upload']> }): React.JSX.Element {
  const { t, formatSize } = useUiText();
  const { refusal } = upload;
  if (!refusal) return <progress className="lc-progress" value={upload.progress} aria-label={t('widget.upload.sending', { name: upload.name })} />;
  const text =
    refusal.reason === 'size'
      ? t('widget.upload.tooLarge', { size: formatSize(refusal.maxBytes) })
      : t(refusal.reason === 'type' ? 'widget.upload.type' : 'widget.upload.full');
  return (
    <div className="lc-delivery" data-state="failed">
      {text}
    </div>
  );
}
