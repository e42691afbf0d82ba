import { useCallback, useEffect, useRef, useState } from 'react';
import type { OperatorPresence } from '../../protocol/operator-console.js';
import { markHandled, reasonText } from '../../platform/errors.js';
import type { OperatorApi } from '../core/api.js';
import { deskEventAtom, listQueryAtom, messageWindowAtom, viewCountsAtom, type DeskStore } from './desk-atoms.js';
import { useT } from '../core/texts.js';

/** The desk's last failure, shown until dismissed. */
export interface DeskError {
  error: string | null;
  /** Shows a failed call (and keeps it from the global error report). */
  reportError(err: unknown): void;
  clearError(): void;
}

/** The one error line of the desk. */
export function useDeskError(): DeskError {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const reportError = useCallback(
    (err: unknown) => {
      markHandled(err);
      setError(t('operator.common.error', { reason: reasonText(err) }));
    },
    [t],
  );
  const clearError = useCallback(() => setError(null), []);
  return { error, reportError, clearError };
}

/** Reloads from the server into the desk's atoms. */
export interface DeskLoaders {
  /** The conversation list of the current query (listQueryAtom), and the views' counts. */
  reloadList(): void;
  /** One conversation with its messages. */
  reloadOpen(id: number): void;
  /** The views' counts, soon: several calls close together read them once. */
  reloadCounts(): void;
}

/** Counts asked for within this time are read once. */
const COUNTS_DELAY_MS = 250;
/**
 * The list is read at most once in this time: asked for while a read is on its way or sooner than this
 * after the last one started, it is read once more when that time is up, whatever the number of asks
 * (a busy operator's messages of conversations past the list would otherwise read it once each).
 */
export const LIST_SPACING_MS = 500;

/** The list's reads in progress: one on its way at most, and whether another is owed. */
interface ListReads {
  busy: boolean;
  owed: boolean;
  lastAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** The desk's loaders; failures go to `reportError`. */
export function useDeskLoaders(api: OperatorApi, store: DeskStore, reportError: (err: unknown) => void): DeskLoaders {
  const countsTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reads = useRef<ListReads>({ busy: false, owed: false, lastAt: Number.NEGATIVE_INFINITY, timer: undefined });
  useEffect(
    () => () => {
      clearTimeout(countsTimer.current);
      clearTimeout(reads.current.timer);
    },
    [],
  );
  const reloadCounts = useCallback(() => {
    clearTimeout(countsTimer.current);
    countsTimer.current = setTimeout(() => {
      api.viewCounts().then((counts) => store.set(viewCountsAtom, counts), reportError);
    }, COUNTS_DELAY_MS);
  }, [api, store, reportError]);
  const reloadList = useCallback(() => {
    const r = reads.current;
    const read = (): void => {
      Object.assign(r, { busy: true, owed: false, lastAt: Date.now(), timer: undefined });
      const query = store.get(listQueryAtom);
      api
        .conversations(query)
        .then((conversations) => {
          // An answer for a view the operator has left since is dropped: the newer one follows.
          if (store.get(listQueryAtom) === query) store.set(deskEventAtom, { type: 'listed', conversations });
        }, reportError)
        .finally(() => {
          r.busy = false;
          if (r.owed) r.timer = setTimeout(read, Math.max(0, r.lastAt + LIST_SPACING_MS - Date.now()));
        });
    };
    reloadCounts();
    if (r.busy || r.timer !== undefined) {
      r.owed = true;
      return;
    }
    const wait = r.lastAt + LIST_SPACING_MS - Date.now();
    if (wait > 0) r.timer = setTimeout(read, wait);
    else read();
  }, [api, store, reportError, reloadCounts]);
  const reloadOpen = useCallback(
    (id: number) => {
      const window = store.get(messageWindowAtom);
      const since = window?.sessionId === id ? window.sinceMessageId : undefined;
      api.conversation(id, since).then((detail) => store.set(deskEventAtom, { type: 'opened', detail }), reportError);
    },
    [api, store, reportError],
  );
  return { reloadList, reloadOpen, reloadCounts };
}

/** The operator's presence (null until the server has said, asked on mount) and its switch. */
export function usePresence(api: OperatorApi, reportError: (err: unknown) => void): { presence: OperatorPresence | null; togglePresence(): void } {
  const [presence, setPresence] = useState<OperatorPresence | null>(null);
  useEffect(() => {
    api.presence().then(setPresence, reportError);
  }, [api, reportError]);
  const togglePresence = (): void => {
    const next: OperatorPresence = presence === 'available' ? 'away' : 'available';
    api.setPresence(next).then(setPresence, reportError);
  };
  return { presence, togglePresence };
}
