import { useEffect, useRef, useState, type Dispatch, type PointerEvent as ReactPointerEvent, type RefObject, type SetStateAction } from 'react';
import { IDENTITY, WHEEL_ZOOM_STEP, cssTransform, panBy, zoomBy, type ViewTransform } from './transform.js';

/** Zoom, rotation and pan of the shown image; the wheel over `stageRef` zooms while `zoomable`. */
export function useViewTransform(stageRef: RefObject<HTMLElement | null>, zoomable: boolean): [ViewTransform, Dispatch<SetStateAction<ViewTransform>>] {
  const [view, setView] = useState<ViewTransform>(IDENTITY);
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || !zoomable) return undefined;
    // React's wheel listener is passive; a non-passive one is needed to keep the page from scrolling.
    const wheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      setView((v) => zoomBy(v, event.deltaY < 0 ? WHEEL_ZOOM_STEP : -WHEEL_ZOOM_STEP));
    };
    stage.addEventListener('wheel', wheel, { passive: false });
    return () => stage.removeEventListener('wheel', wheel);
  }, [stageRef, zoomable]);
  return [view, setView];
}

/** Props of {@link ViewerImage}. */
export interface ViewerImageProps {
  src: string;
  name: string;
  view: ViewTransform;
  setView: Dispatch<SetStateAction<ViewTransform>>;
}

/** The image, transformed by `view`, dragged with the primary button to pan. */
export function ViewerImage({ src, name, view, setView }: ViewerImageProps): React.JSX.Element {
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
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
  return (
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
}
