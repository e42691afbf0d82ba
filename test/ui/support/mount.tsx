import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { within, type BoundFunctions, type queries } from '@testing-library/dom';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import ar from '../../../locales/ar.json';
import { uiStyles } from '../../../src/ui/styles.js';
import { UiTextProvider } from '../../../src/ui/shared/ui-text-context.js';
import { createUiText, type UiText } from '../../../src/ui/shared/ui-text.js';

const LOCALES = { en, fr, ar } as const;

/** The texts of a language as the element will provide them (real locale files, real formatting). */
export function uiText(lang: keyof typeof LOCALES = 'en'): UiText {
  return createUiText({ lang, messages: LOCALES[lang], fallback: en });
}

/** A component rendered into an open shadow root with the widget's stylesheets adopted, as in the element. */
export interface Mounted {
  host: HTMLElement;
  root: ShadowRoot;
  /** Testing Library queries scoped to the shadow root. */
  screen: BoundFunctions<typeof queries>;
  rerender(node: ReactNode): void;
  unmount(): void;
}

const mounted: Mounted[] = [];

/** Renders `node` synchronously inside a shadow root of a fresh host element. */
export function mount(node: ReactNode, text: UiText = uiText()): Mounted {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = uiStyles.map((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    return sheet;
  });
  const container = document.createElement('div');
  root.append(container);
  const reactRoot = createRoot(container);
  const render = (n: ReactNode): void => flushSync(() => reactRoot.render(<UiTextProvider value={text}>{n}</UiTextProvider>));
  render(node);
  const result: Mounted = {
    host,
    root,
    // The React container rather than the shadow root: Testing Library prints an element, not a ShadowRoot, on failure.
    screen: within(container),
    rerender: render,
    unmount() {
      reactRoot.unmount();
      host.remove();
    },
  };
  mounted.push(result);
  return result;
}

/** Unmounts everything {@link mount} rendered (call from `afterEach`). */
export function unmountAll(): void {
  for (const m of mounted.splice(0)) m.unmount();
}

/** Records the calls of a callback prop. */
export function recorder<A extends unknown[]>(): ((...args: A) => void) & { calls: A[] } {
  const calls: A[] = [];
  const fn = (...args: A): void => {
    calls.push(args);
  };
  return Object.assign(fn, { calls });
}
