import type { PublicAssetBundle } from '../../protocol/assets.js';
import { AssetLoadError } from './asset-load-error.js';

/**
 * What to do with scripts. The widget runs on other people's sites, where injecting scripts is not ours to
 * do: its build uses `warn`, which skips them with a console warning (SPEC.md §7). The operator console,
 * on its own origin, passes `load`.
 */
export type ScriptPolicy = 'load' | 'warn';

/** The policy of the external-site (widget) build. */
export const WIDGET_SCRIPT_POLICY: ScriptPolicy = 'warn';

/** Options of {@link loadAssetBundle}. */
export interface AssetLoadOptions {
  /** Where stylesheets go: the page, or the widget's shadow root. Defaults to the page. */
  target?: Document | ShadowRoot;
  /** Defaults to {@link WIDGET_SCRIPT_POLICY}. */
  scripts?: ScriptPolicy;
  /** Receives the warning about skipped scripts; defaults to console.warn. */
  warn?: (message: string) => void;
}

// Files and inline contents already loaded (or loading) per target, so that a second load of a bundle
// adds nothing twice.
const loaded = new WeakMap<Node, Map<string, Promise<void>>>();

function once(root: Node, url: string, load: () => Promise<void>): Promise<void> {
  let files = loaded.get(root);
  if (!files) loaded.set(root, (files = new Map()));
  let promise = files.get(url);
  if (!promise) {
    promise = load();
    // A failed file may be retried by a later load.
    promise.catch(() => files.delete(url));
    files.set(url, promise);
  }
  return promise;
}

// nodeType rather than instanceof: a target may belong to another frame, with its own Document class.
function isDocument(target: Document | ShadowRoot): target is Document {
  return target.nodeType === Node.DOCUMENT_NODE;
}

function ownerDocument(target: Document | ShadowRoot): Document {
  return isDocument(target) ? target : target.ownerDocument;
}

function whenLoaded(element: HTMLLinkElement | HTMLScriptElement, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener('error', () => reject(new AssetLoadError('load_failed', `Could not load ${url}`)), { once: true });
  });
}

function loadStylesheet(target: Document | ShadowRoot, url: string): Promise<void> {
  return once(target, url, () => {
    const doc = ownerDocument(target);
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = url;
    const done = whenLoaded(link, url);
    (isDocument(target) ? target.head : target).append(link);
    return done;
  });
}

function loadScript(doc: Document, url: string): Promise<void> {
  return once(doc, url, () => {
    const script = doc.createElement('script');
    script.src = url;
    // Inserted scripts run as soon as they arrive unless async is off: the bundle's order matters.
    script.async = false;
    const done = whenLoaded(script, url);
    doc.head.append(script);
    return done;
  });
}

function adoptCss(target: Document | ShadowRoot, css: string): Promise<void> {
  return once(target, `inline:${css}`, async () => {
    const view = ownerDocument(target).defaultView ?? window;
    // Constructed sheets, unlike <style> elements, are allowed under a `style-src 'self'` policy.
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(css);
    target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
  });
}

function runInlineScript(doc: Document, source: string): Promise<void> {
  return once(doc, `inline:${source}`, async () => {
    const script = doc.createElement('script');
    script.textContent = source;
    doc.head.append(script);
  });
}

/**
 * Loads a rendered bundle: stylesheets (in parallel) and inline CSS into `target`, then, if the policy is
 * `load`, scripts in order and inline scripts into the page. Rejects with an {@link AssetLoadError}.
 */
export async function loadAssetBundle(bundle: PublicAssetBundle, options: AssetLoadOptions = {}): Promise<void> {
  const target = options.target ?? document;
  const doc = ownerDocument(target);
  try {
    await Promise.all(bundle.css_libs.map((url) => loadStylesheet(target, url)));
    for (const css of bundle.css_contents) await adoptCss(target, css);
    const scriptCount = bundle.js_libs.length + bundle.js_contents.length;
    if (scriptCount === 0) return;
    if ((options.scripts ?? WIDGET_SCRIPT_POLICY) === 'warn') {
      const skipped = [...bundle.js_libs, ...bundle.js_contents.map((_, i) => `inline script ${i + 1}`)].join(', ');
      (options.warn ?? ((message: string) => console.warn(message)))(
        `live-chat: loading scripts is disabled in the external-site build; not loaded: ${skipped}`,
      );
      return;
    }
    for (const url of bundle.js_libs) await loadScript(doc, url);
    for (const source of bundle.js_contents) await runInlineScript(doc, source);
  } catch (error) {
    if (error instanceof AssetLoadError) throw error;
    throw new AssetLoadError('load_failed', error instanceof Error ? error.message : String(error), error);
  }
}
