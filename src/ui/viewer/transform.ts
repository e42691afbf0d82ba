/** Zoom, rotation and pan of the image in the viewer. */
export interface ViewTransform {
  scale: number;
  /** Degrees, a multiple of 90 in [0, 360). */
  rotation: number;
  x: number;
  y: number;
}

/** Zoom step of the buttons (SPEC.md §9). */
export const ZOOM_STEP = 0.5;
/** Zoom step of one wheel notch (SPEC.md §9). */
export const WHEEL_ZOOM_STEP = 0.1;
/** The scale must stay above this (SPEC.md §5). */
export const MIN_SCALE_EXCLUSIVE = 0.5;
/** Rotation step (SPEC.md §9). */
export const ROTATION_STEP = 90;

/** The untouched view. */
export const IDENTITY: ViewTransform = { scale: 1, rotation: 0, x: 0, y: 0 };

/**
 * Zooms by `delta`; a zoom that would bring the scale to 0.5 or below is not applied (the reference
 * viewer's rule), so the scale stays above 0.5. Rounded to hundredths so that ten wheel notches of 0.1
 * add up to exactly 1.
 */
export function zoomBy(view: ViewTransform, delta: number): ViewTransform {
  const scale = Math.round((view.scale + delta) * 100) / 100;
  return scale > MIN_SCALE_EXCLUSIVE ? { ...view, scale } : view;
}

/** Turns clockwise by 90°. */
export function rotate(view: ViewTransform): ViewTransform {
  return { ...view, rotation: (view.rotation + ROTATION_STEP) % 360 };
}

/** Moves the image by a pointer drag. */
export function panBy(view: ViewTransform, dx: number, dy: number): ViewTransform {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** Back to scale 1, centred; the rotation is kept. */
export function resetZoom(view: ViewTransform): ViewTransform {
  return { ...view, scale: 1, x: 0, y: 0 };
}

/** The CSS transform of a view. */
export function cssTransform(view: ViewTransform): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale}) rotate(${view.rotation}deg)`;
}
