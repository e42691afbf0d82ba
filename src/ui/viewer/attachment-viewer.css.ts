import { FONT_FAMILY } from '../shared/font.js';

/** Styles of the attachment viewer; adopted by the viewer itself since it arrives in a lazy chunk. */
export const attachmentViewerCss = `
.lc-viewer {
  box-sizing: border-box;
  width: 100vw;
  height: 100vh;
  max-width: 100vw;
  max-height: 100vh;
  margin: 0;
  padding: 0;
  border: 0;
  background: rgba(0, 0, 0, 0.88);
  color: #ffffff;
  font: 14px/1.4 ${FONT_FAMILY};
}
.lc-viewer[open] { display: flex; flex-direction: column; }
.lc-viewer::backdrop { background: rgba(0, 0, 0, 0.5); }
.lc-viewer-header, .lc-viewer-toolbar {
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 12px;
  background: #1f1f1f;
}
.lc-viewer-title {
  flex: 1;
  margin: 0;
  font-size: 15px;
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.lc-viewer-toolbar { justify-content: center; }
.lc-viewer button {
  min-width: 44px;
  min-height: 44px;
  padding: 6px 12px;
  border: 1px solid #8a8a8a;
  border-radius: 4px;
  background: #2e2e2e;
  color: #ffffff;
  font: inherit;
  cursor: pointer;
}
.lc-viewer button:hover { background: #454545; }
.lc-viewer button:focus-visible { outline: 3px solid #8ab4f8; outline-offset: 2px; }
.lc-viewer-stage {
  position: relative;
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  overflow: hidden;
  min-height: 0;
}
.lc-viewer-image {
  max-width: 90%;
  max-height: 90%;
  cursor: grab;
  user-select: none;
  touch-action: none;
  transition: transform 0.1s ease-out;
}
.lc-viewer-image.lc-dragging { cursor: grabbing; transition: none; }
.lc-viewer-video { max-width: 90%; max-height: 90%; }
.lc-viewer-frame { width: 90%; height: 90%; border: 0; background: #ffffff; }
.lc-viewer-nav {
  position: absolute;
  top: 50%;
  transform: translateY(-50%);
}
.lc-viewer-nav-previous { inset-inline-start: 12px; }
.lc-viewer-nav-next { inset-inline-end: 12px; }
.lc-viewer-download-only { max-width: 30em; text-align: center; }
@media (prefers-reduced-motion: reduce) { .lc-viewer-image { transition: none; } }
`;
