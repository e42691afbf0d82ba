import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';

// These tests drive React updates through act() on purpose.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A React root in a fresh element for each test of the calling `describe`, unmounted afterwards. */
export function reactMount(): { readonly host: HTMLDivElement; readonly root: Root } {
  let host: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    const r = root;
    if (r) act(() => r.unmount());
    host?.remove();
  });
  return {
    get host() {
      if (!host) throw new Error('reactMount: no test is running');
      return host;
    },
    get root() {
      if (!root) throw new Error('reactMount: no test is running');
      return root;
    },
  };
}
