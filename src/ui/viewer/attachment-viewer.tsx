import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { inlineUrl } from '../shared/inline-url.js';
import { useUiText } from '../shared/ui-text-context.js';
import { attachmentViewerCss } from './attachment-viewer.css.js';
import { downloadAttachment, printImage } from './actions.js';
import { IDENTITY, WHEEL_ZOOM_STEP, ZOOM_STEP, cssTransform, panBy, resetZoom, rotate, zoomBy, type ViewTransform } from './transform.js';
import { viewerKind, youtubeEmbedUrl, type ViewerAttachment } from './viewable.js';

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

let sheet: CSSStyleSheet | undefined;

// The viewer arrives in its own lazy chunk, so it brings its stylesheet and adopts it into whatever root
// it is rendered in (a constructable stylesheet: strict host CSPs block <style> elements).
function adoptStyles(node: Node): void {
  const root = node.getRootNode();
  if (!(root instanceof ShadowRoot) && !(root instanceof Document)) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(attachmentViewerCss);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

const FOCUSABLE = 'button:not([disabled]), [href], video[controls], iframe, object, [tabindex]:not([tabindex="-1"])';

function deepActiveElement(node: Node): HTMLElement | null {
  const root = node.getRootNode() as ShadowRoot | Document;
  const active = root.activeElement;
  return active instanceof HTMLElement ? active : null;
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
  const [view, setView] = useState<ViewTransform>(IDENTITY);
  const [dragging, setDragging] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();

  const current = attachments[Math.min(index, count - 1)];
  const kind = current ? viewerKind(current) : 'download';
  const name = current ? current.name || t('widget.thread.unnamed') : '';

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    adoptStyles(dialog);
    const previous = deepActiveElement(dialog);
    // The top layer keeps the viewer above the host page whatever its stacking contexts, and makes
    // everything outside the dialog inert.
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog?.open) return;
    // The focused control may have left with the previous attachment (a PDF has no zoom buttons): focus
    // would fall to the page behind the modal and the arrow keys would stop stepping.
    const active = deepActiveElement(dialog);
    if (!active || !dialog.contains(active)) dialog.focus();
  }, [index]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    // Escape raises `cancel`; the owner decides, so the dialog never closes behind React's back.
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => dialog.removeEventListener('cancel', cancel);
  }, []);

  const go = useCallback((step: number) => {
    if (count < 2) return;
    setIndex((i) => (i + step + count) % count);
    setView(IDENTITY);
  }, [count]);

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || kind !== 'image') return undefined;
    // React's wheel listener is passive; a non-passive one is needed to keep the page from scrolling.
    const wheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      setView((v) => zoomBy(v, event.deltaY < 0 ? WHEEL_ZOOM_STEP : -WHEEL_ZOOM_STEP));
    };
    stage.addEventListener('wheel', wheel, { passive: false });
    return () => stage.removeEventListener('wheel', wheel);
  }, [kind]);

  if (!current) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      // An owner rendering the viewer inside the chat window must not also fold the window.
      event.stopPropagation();
      onClose();
      return;
    }
    // A focused video uses the arrow keys to seek.
    const inMedia = event.target instanceof HTMLVideoElement;
    if (!inMedia && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      event.preventDefault();
      go(event.key === 'ArrowRight' ? 1 : -1);
      return;
    }
    if (event.key === 'Tab') {
      const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items[items.length - 1];
      const active = deepActiveElement(event.currentTarget);
      if (!first || !last) return;
      if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const download = () => (onDownload ?? downloadAttachment)(current);
  const print = () => (onPrint ? onPrint(current) : printImage(inlineUrl(current.url), name));

  const onPointerDown = (event: ReactPointerEvent<HTMLImageElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    setDragging(true);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLImageElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    drag.current = { ...d, x: event.clientX, y: event.clientY };
    setView((v) => panBy(v, dx, dy));
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };

  const src = inlineUrl(current.url);
  let content: React.JSX.Element;
  switch (kind) {
    case 'image':
      content = (
        <img
          className={dragging ? 'lc-viewer-image lc-dragging' : 'lc-viewer-image'}
          src={src}
          alt={name}
          draggable={false}
          style={{ transform: cssTransform(view) }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        />
      );
      break;
    case 'video':
      content = <video className="lc-viewer-video" src={src} controls aria-label={name} />;
      break;
    case 'youtube':
      content = (
        <iframe
          className="lc-viewer-frame"
          src={youtubeEmbedUrl(current.url)}
          title={name}
          sandbox="allow-scripts allow-same-origin allow-presentation"
          allow="encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      );
      break;
    case 'pdf':
      // Chromium refuses to run its PDF viewer in a frame with a sandbox attribute; the document itself is
      // sandboxed instead by the server's `Content-Security-Policy: sandbox` on every served file.
      content = <iframe className="lc-viewer-frame" src={src} title={name} referrerPolicy="no-referrer" />;
      break;
    case 'text':
      content = <iframe className="lc-viewer-frame" src={src} title={name} sandbox="" referrerPolicy="no-referrer" />;
      break;
    default:
      content = <p className="lc-viewer-download-only">{t('viewer.downloadOnly')}</p>;
  }

  return (
    <dialog ref={dialogRef} className="lc-viewer" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
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
        {content}
        {count > 1 ? (
          <>
            <button type="button" className="lc-viewer-nav lc-viewer-nav-previous" onClick={() => go(-1)}>
              {t('viewer.previous')}
            </button>
            <button type="button" className="lc-viewer-nav lc-viewer-nav-next" onClick={() => go(1)}>
              {t('viewer.next')}
            </button>
          </>
        ) : null}
      </div>
      {kind === 'image' ? (
        <div className="lc-viewer-toolbar" role="toolbar" aria-label={name}>
          <button type="button" onClick={() => setView((v) => zoomBy(v, ZOOM_STEP))}>
            {t('viewer.zoomIn')}
          </button>
          <button type="button" onClick={() => setView((v) => zoomBy(v, -ZOOM_STEP))}>
            {t('viewer.zoomOut')}
          </button>
          <button type="button" onClick={() => setView(resetZoom)}>
            {t('viewer.resetZoom')}
          </button>
          <button type="button" onClick={() => setView(rotate)}>
            {t('viewer.rotate')}
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
