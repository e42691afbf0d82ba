import { Suspense, lazy, useCallback, useState } from 'react';
import type { AttachmentViewerProps } from './attachment-viewer.js';
import { isViewable, type ViewerAttachment } from './viewable.js';

// The viewer is its own chunk: nothing of it loads until a visitor opens an attachment (issue 6).
const Viewer = lazy(() => import('./attachment-viewer.js').then((m) => ({ default: m.AttachmentViewer })));

/** The attachment viewer, loaded on first use; renders nothing while its chunk arrives. */
export function LazyAttachmentViewer(props: AttachmentViewerProps): React.JSX.Element {
  return (
    <Suspense fallback={null}>
      <Viewer {...props} />
    </Suspense>
  );
}

/** What {@link useAttachmentViewer} gives its owner. */
export interface AttachmentViewerControl {
  /** Opens the viewer on `attachment`, stepping through the viewable ones of `all` (thread order). */
  open(attachment: ViewerAttachment, all?: readonly ViewerAttachment[]): void;
  /** The viewer while open, else null: render it anywhere inside the shadow root. */
  element: React.JSX.Element | null;
}

/**
 * State for the viewer: which attachments and which one is open. Only viewable attachments (SPEC.md §5)
 * are stepped through; opening one that is not viewable shows it alone, offered for download.
 */
export function useAttachmentViewer(options: Pick<AttachmentViewerProps, 'onDownload' | 'onPrint'> = {}): AttachmentViewerControl {
  const [state, setState] = useState<{ list: readonly ViewerAttachment[]; index: number } | null>(null);
  const open = useCallback((attachment: ViewerAttachment, all: readonly ViewerAttachment[] = [attachment]) => {
    const viewable = all.filter(isViewable);
    const index = viewable.findIndex((a) => a.id === attachment.id);
    setState(index >= 0 ? { list: viewable, index } : { list: [attachment], index: 0 });
  }, []);
  const close = useCallback(() => setState(null), []);
  const element = state ? <LazyAttachmentViewer attachments={state.list} initialIndex={state.index} onClose={close} {...options} /> : null;
  return { open, element };
}
