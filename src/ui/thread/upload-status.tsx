import { useUiText } from '../shared/ui-text-context.js';
import type { MessageKey } from '../shared/ui-text.js';
import type { ThreadMessage } from './thread-message.js';

type Refusal = NonNullable<NonNullable<ThreadMessage['upload']>['refusal']>;

const REFUSAL_TEXTS: Record<Exclude<Refusal['reason'], 'size'>, MessageKey> = {
  type: 'widget.upload.type',
  full: 'widget.upload.full',
  pixels: 'widget.upload.pixels',
};

/**
 * A file of the visitor's (issue 15) while it is sent (a progress bar named after it) or once refused for
 * good (the reason). Its own chunk: it is loaded with the code that sends files.
 */
export function UploadStatus({ upload }: { upload: NonNullable<ThreadMessage['upload']> }): React.JSX.Element {
  const { t, formatSize } = useUiText();
  const { refusal } = upload;
  if (!refusal) return <progress className="lc-progress" value={upload.progress} aria-label={t('widget.upload.sending', { name: upload.name })} />;
  const text = refusal.reason === 'size' ? t('widget.upload.tooLarge', { size: formatSize(refusal.maxBytes) }) : t(REFUSAL_TEXTS[refusal.reason]);
  return (
    <div className="lc-delivery" data-state="failed">
      {text}
    </div>
  );
}
