import { useCallback, useEffect, useState } from 'react';
import type { OperatorPresence } from '../../protocol/operator-console.js';
import { markHandled, reasonText } from '../../platform/errors.js';
import type { OperatorApi } from '../core/api.js';
import { conversationListFiltersAtom, deskEventAtom, type DeskStore } from './desk-atoms.js';
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
  /** The conversation list, under the filters of the moment. */
  reloadList(): void;
  /** One conversation with its messages. */
  reloadOpen(id: number): void;
}

/** The desk's loaders; failures go to `reportError`. */
export function useDeskLoaders(api: OperatorApi, store: DeskStore, reportError: (err: unknown) => void): DeskLoaders {
  const reloadList = useCallback(() => {
    api.conversations(store.get(conversationListFiltersAtom)).then((conversations) => store.set(deskEventAtom, { type: 'listed', conversations }), reportError);
  }, [api, store, reportError]);
  const reloadOpen = useCallback(
    (id: number) => {
      api.conversation(id).then((detail) => store.set(deskEventAtom, { type: 'opened', detail }), reportError);
    },
    [api, store, reportError],
  );
  return { reloadList, reloadOpen };
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
