/**
 * A same-origin frame that loads its own copies of the project's modules. The product's global
 * `rpc_error` report is about promise rejections nobody handles, so its tests leave rejections
 * unhandled on purpose. In the test page's own realm the test runner reports every unhandled rejection
 * as an error "outside a test", even one the product has cancelled; in this frame, a real window of
 * the same browser that the runner does not watch, only the product sees them.
 */
export interface OwnRealm {
  readonly window: Window & typeof globalThis;
  /** Imports a module (a URL relative to the caller's `base`) into the frame's own module graph. */
  load<T>(specifier: string, base: string): Promise<T>;
  remove(): void;
}

export function ownRealm(): OwnRealm {
  const frame = document.createElement('iframe');
  frame.title = 'a realm of its own';
  document.body.append(frame);
  const frameWindow = frame.contentWindow as Window & typeof globalThis;
  // A function made by the frame's Function constructor imports through the frame's module map.
  const importInFrame = new frameWindow.Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
  return {
    window: frameWindow,
    load: async <T>(specifier: string, base: string) => (await importInFrame(new URL(specifier, base).href)) as T,
    remove: () => frame.remove(),
  };
}
