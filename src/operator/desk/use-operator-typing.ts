import { useEffect, useMemo } from 'react';
import { markHandled } from '../../platform/errors.js';
import { createOwnTyping, pageClock, type OwnTyping } from '../../platform/typing/index.js';
import type { OperatorApi } from '../core/api.js';

// Leaving a conversation tells its visitor the operator stopped typing.
const OPERATOR_TYPING = { stopOnSend: 'throttled', stopOnDispose: 'announce' } as const;

/** The operator's own typing in the open conversation (none while no conversation is open). */
export function useOperatorTyping(api: OperatorApi, sessionId: number | undefined): OwnTyping | null {
  const typing = useMemo(() => {
    if (sessionId === undefined) return null;
    // A lost typing notice only affects a hint; it must not interrupt the operator.
    return createOwnTyping(pageClock, (isTyping) => void api.typing(sessionId, isTyping).catch(markHandled), OPERATOR_TYPING);
  }, [api, sessionId]);
  useEffect(() => () => typing?.dispose(), [typing]);
  return typing;
}
