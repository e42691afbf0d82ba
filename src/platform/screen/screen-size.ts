import { isMobileSize, sizeClassForWidth, type SizeClass } from './size-class.js';

/** Delay after the last resize event before the size class is read again (SPEC.md §9). */
export const RESIZE_DEBOUNCE_MS = 250;

/** The timer functions the watcher uses; tests pass a fake clock. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Options of {@link createScreenSizeWatcher}. */
export interface ScreenSizeOptions {
  /** The window whose viewport is measured; defaults to the current one. */
  window?: Window;
  /** Debounce delay in milliseconds; defaults to {@link RESIZE_DEBOUNCE_MS}. */
  debounceMs?: number;
  /** Timer functions; default to the window's. */
  timers?: Timers;
}

/** The viewport's size class, kept up to date. */
export interface ScreenSizeWatcher {
  /** The class as of the last settled resize. */
  readonly sizeClass: SizeClass;
  /** SM or smaller. */
  readonly isMobile: boolean;
  /** Called once per change of class, after resizing has paused; returns the function that unsubscribes. */
  subscribe(listener: (sizeClass: SizeClass) => void): () => void;
  /** Stops listening to the window. */
  dispose(): void;
}

/**
 * Watches the viewport width (`innerWidth`, which is what CSS media queries compare). Resize events arrive
 * in bursts while a window is dragged; only the width after a 250 ms pause counts.
 */
export function createScreenSizeWatcher(options: ScreenSizeOptions = {}): ScreenSizeWatcher {
  const win = options.window ?? window;
  const delay = options.debounceMs ?? RESIZE_DEBOUNCE_MS;
  const timers: Timers = options.timers ?? {
    setTimeout: (callback, ms) => win.setTimeout(callback, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
  };
  const listeners = new Set<(sizeClass: SizeClass) => void>();
  let sizeClass = sizeClassForWidth(win.innerWidth);
  let pending: unknown;

  const settle = (): void => {
    pending = undefined;
    const next = sizeClassForWidth(win.innerWidth);
    if (next === sizeClass) return;
    sizeClass = next;
    for (const listener of [...listeners]) listener(next);
  };

  const onResize = (): void => {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = timers.setTimeout(settle, delay);
  };
  win.addEventListener('resize', onResize);

  return {
    get sizeClass() {
      return sizeClass;
    },
    get isMobile() {
      return isMobileSize(sizeClass);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      win.removeEventListener('resize', onResize);
      if (pending !== undefined) timers.clearTimeout(pending);
      pending = undefined;
      listeners.clear();
    },
  };
}
