import type { Dispatch, SetStateAction } from 'react';
import { inlineUrl } from '../shared/inline-url.js';
import { useUiText } from '../shared/ui-text-context.js';
import type { ViewTransform } from './transform.js';
import { ZOOM_STEP, resetZoom, rotate, zoomBy } from './transform.js';
import { ViewerImage } from './viewer-image.js';
import { youtubeEmbedUrl, type ViewerAttachment, type ViewerKind } from './viewable.js';

/** Props of {@link ViewerContent}. */
export interface ViewerContentProps {
  attachment: ViewerAttachment;
  kind: ViewerKind;
  /** The file name, or the "unnamed" text. */
  name: string;
  view: ViewTransform;
  setView: Dispatch<SetStateAction<ViewTransform>>;
}

/** The attachment itself, in the element its kind needs; anything not viewable is offered for download. */
export function ViewerContent({ attachment, kind, name, view, setView }: ViewerContentProps): React.JSX.Element {
  const { t } = useUiText();
  const src = inlineUrl(attachment.url);
  switch (kind) {
    case 'image':
      return <ViewerImage src={src} name={name} view={view} setView={setView} />;
    case 'video':
      return <video className="lc-viewer-video" src={src} controls aria-label={name} />;
    case 'youtube':
      return (
        <iframe
          className="lc-viewer-frame"
          src={youtubeEmbedUrl(attachment.url)}
          title={name}
          sandbox="allow-scripts allow-same-origin allow-presentation"
          allow="encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      );
    case 'pdf':
      // Chromium refuses to run its PDF viewer in a frame with a sandbox attribute; the document itself is
      // sandboxed instead by the server's `Content-Security-Policy: sandbox` on every served file.
      return <iframe className="lc-viewer-frame" src={src} title={name} referrerPolicy="no-referrer" />;
    case 'text':
      return <iframe className="lc-viewer-frame" src={src} title={name} sandbox="" referrerPolicy="no-referrer" />;
    default:
      return <p className="lc-viewer-download-only">{t('viewer.downloadOnly')}</p>;
  }
}

/** Zoom in and out, reset and rotate, for an image. */
export function ViewerToolbar({ name, setView }: { name: string; setView: Dispatch<SetStateAction<ViewTransform>> }): React.JSX.Element {
  const { t } = useUiText();
  return (
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
  );
}
