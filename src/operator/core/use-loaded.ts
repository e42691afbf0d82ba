import { useEffect, useState } from 'react';
import { markHandled, reasonText } from '../../platform/errors.js';

/** What a panel shows while it reads from the server. */
export type Loaded<T> = { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed'; reason: string };

/**
 * Runs `load` on mount and whenever `deps` change, keeping what the latest run gave: an answer that
 * arrives after a newer run started, or after the panel went away, is dropped. A failure is shown by the
 * panel, so it is kept from the global error report.
 */
export function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setState({ kind: 'ready', value }),
      (err: unknown) => {
        markHandled(err);
        if (current) setState({ kind: 'failed', reason: reasonText(err) });
      },
    );
    return () => {
      current = false;
    };
    // The caller lists what `load` depends on, as for useEffect.
  }, deps);
  return state;
}
