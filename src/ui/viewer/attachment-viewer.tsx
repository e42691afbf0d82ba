import { useCallback, useId, useRef, useState } from 'react';
import { inlineUrl } from '../shared/inline-url.js';
import { useUiText } from '../shared/ui-text-context.js';
import { downloadAttachment, printImage } from './actions.js';
import { IDENTITY } from './transform.js';
import { viewerKind, type ViewerAttachment } from './viewable.js';
import { ViewerContent, ViewerToolbar } from './viewer-content.js';
import { useFocusKeptInside, useModalDialog, viewerKeyDown } from './viewer-dialog.js';
import { useViewTransform } from './viewer-image.js';

/** Props of {@link AttachmentViewer}. */
export interface AttachmentViewerProps {
  /** The attachments one can step through, in thread order. */
  attachments: readonly ViewerAttachment[];
  /** The one shown first. */
  initialIndex?: number;
  /** Asked to close (Close, Escape); the owner unmounts the viewer. */
  onClose(): void;
  /** Replaces the default download through the browser's download manager. */
  onDownload?(attachment: ViewerAttachment): void;
  /** Replaces the default printing of an image in a window of its own. */
  onPrint?(attachment: ViewerAttachment): void;
}

/** Previous and Next, when there is more than one attachment. */
function ViewerNav({ go }: { go(step: number): void }): React.JSX.Element {
  const { t } = useUiText();
  return (
    <>
      <button type="button" className="lc-viewer-nav lc-viewer-nav-previous" onClick={() => go(-1)}>
        {t('viewer.previous')}
      </button>
      <button type="button" className="lc-viewer-nav lc-viewer-nav-next" onClick={() => go(1)}>
        {t('viewer.next')}
      </button>
    </>
  );
}

/**
 * The attachment viewer of SPEC.md §2.4: a modal dialog named by the file name. Images can be zoomed
 * (buttons by 0.5, the wheel by 0.1, the scale staying above 0.5), rotated by 90° and dragged; videos,
 * PDFs (the browser's own viewer), text and links to videos or images are shown; anything else is
 * offered for download. Arrow keys step through the attachments with wrap-around and Escape closes.
 * Focus stays inside while open and returns to what had it before.
 */
export function AttachmentViewer({ attachments, initialIndex = 0, onClose, onDownload, onPrint }: AttachmentViewerProps): React.JSX.Element | null {
  const { t } = useUiText();
  const count = attachments.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(initialIndex, 0), Math.max(count - 1, 0)));
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const current = attachments[Math.min(index, count - 1)];
  const kind = current ? viewerKind(current) : 'download';
  const name = current ? current.name || t('widget.thread.unnamed') : '';
  const [view, setView] = useViewTransform(stageRef, kind === 'image');
  useModalDialog(dialogRef, closeRef, onClose);
  useFocusKeptInside(dialogRef, index);

  const go = useCallback(
    (step: number) => {
      if (count < 2) return;
      setIndex((i) => (i + step + count) % count);
      setView(IDENTITY);
    },
    [count, setView],
  );

  if (!current) return null;
  const download = () => (onDownload ?? downloadAttachment)(current);
  const print = () => (onPrint ? onPrint(current) : printImage(inlineUrl(current.url), name));

  return (
    <dialog ref={dialogRef} className="lc-viewer" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={viewerKeyDown(onClose, go)}>
      <div className="lc-viewer-header">
        <h2 id={titleId} className="lc-viewer-title">
          {name}
        </h2>
        <button type="button" onClick={download}>
          {t('viewer.download')}
        </button>
        {kind === 'image' ? (
          <button type="button" onClick={print}>
            {t('viewer.print')}
          </button>
        ) : null}
        <button type="button" ref={closeRef} onClick={onClose}>
          {t('viewer.close')}
        </button>
      </div>
      <div className="lc-viewer-stage" ref={stageRef}>
        <ViewerContent attachment={current} kind={kind} name={name} view={view} setView={setView} />
        {count > 1 ? <ViewerNav go={go} /> : null}
      </div>
      {kind === 'image' ? <ViewerToolbar name={name} setView={setView} /> : null}
    </dialog>
  );
}
