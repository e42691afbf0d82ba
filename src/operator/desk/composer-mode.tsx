/**
 * The composer's modes: the built-in "Reply" and those features add (pane-slots.ts `composerModes`). The
 * mode lives in the desk, not in a feature, because it decides where the composer's text goes and whether
 * the visitor is told of typing: only the composer's own send path can choose that.
 */
import { useEffect, useId, useState } from 'react';
import { useT } from '../core/texts.js';
import type { ComposerKeyClaim, ComposerMode } from './pane-slots.js';

/** The chosen mode (null: "Reply") and the field's current helper. */
export interface ComposerModeState {
  mode: ComposerMode | null;
  choose(id: string | null): void;
  claim: ComposerKeyClaim | null;
  setClaim(claim: ComposerKeyClaim | null): void;
}

/**
 * The composer's mode, back to "Reply" in another conversation. While `replyLocked` (the caller may not
 * answer the visitor) "Reply" is no choice: the first mode stands in for it.
 */
export function useComposerMode(modes: readonly ComposerMode[], sessionId: number, replyLocked = false): ComposerModeState {
  const [chosen, setChosen] = useState<string | null>(null);
  const [claim, setClaim] = useState<ComposerKeyClaim | null>(null);
  useEffect(() => {
    setChosen(null);
    setClaim(null);
  }, [sessionId]);
  const mode = modes.find((m) => m.id === chosen) ?? (replyLocked ? (modes[0] ?? null) : null);
  return {
    mode,
    choose: (id) => {
      if (replyLocked && id === null) return;
      setChosen(id);
      setClaim(null);
    },
    claim: mode ? claim : null,
    setClaim,
  };
}

/** The mode switch above the text field: one radio button per mode, "Reply" first. */
export function ComposerModeSwitch({ modes, mode, onChoose, replyLocked = false }: { modes: readonly ComposerMode[]; mode: ComposerMode | null; onChoose(id: string | null): void; replyLocked?: boolean }): React.JSX.Element | null {
  const t = useT();
  const name = useId();
  if (modes.length === 0) return null;
  const reply = replyLocked ? [] : [{ id: null, label: t('operator.conversation.modeReply') }];
  const options: { id: string | null; label: string }[] = [...reply, ...modes.map((m) => ({ id: m.id, label: t(m.label) }))];
  return (
    <div role="radiogroup" aria-label={t('operator.conversation.mode')} className="op-composer-modes">
      {options.map((o) => (
        <label key={o.id ?? 'reply'} className="op-composer-mode">
          <input type="radio" name={name} checked={(mode?.id ?? null) === o.id} onChange={() => onChoose(o.id)} />
          {o.label}
        </label>
      ))}
    </div>
  );
}
