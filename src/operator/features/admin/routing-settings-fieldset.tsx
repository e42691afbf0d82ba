import { CAPACITY_BOUNDS, REASSIGN_AFTER_SECONDS } from '../../../protocol/console/routing.js';
import { useT } from '../../core/texts.js';

/** The fields as the inputs hold them: "" is no limit, and never reassign. */
export interface RoutingDraft {
  capacity: string;
  reassign_after_seconds: string;
}

/** The draft of a channel's routing settings. */
export function routingDraftOf(c: { capacity: number | null; reassign_after_seconds: number | null }): RoutingDraft {
  return { capacity: c.capacity === null ? '' : String(c.capacity), reassign_after_seconds: c.reassign_after_seconds === null ? '' : String(c.reassign_after_seconds) };
}

/** The values the server is sent for the draft: null for an empty field. */
export function routingValuesOf(draft: RoutingDraft): { capacity: number | null; reassign_after_seconds: number | null } {
  const value = (text: string) => (text.trim() === '' ? null : Number(text));
  return { capacity: value(draft.capacity), reassign_after_seconds: value(draft.reassign_after_seconds) };
}

/**
 * How many conversations each operator of the channel holds at once (no limit by default, as SPEC.md has
 * it) and after how long an unanswered conversation moves to the next operator (issue 26).
 */
export function RoutingSettingsFieldset({ draft, set, hintId }: { draft: RoutingDraft; set(key: keyof RoutingDraft, value: string): void; hintId: string }): React.JSX.Element {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('operator.admin.routing')}</legend>
      <label>
        {t('operator.admin.capacity')}
        <input
          type="number"
          min={CAPACITY_BOUNDS.min}
          max={CAPACITY_BOUNDS.max}
          step={1}
          aria-describedby={`${hintId}-capacity`}
          value={draft.capacity}
          onChange={(e) => set('capacity', e.target.value)}
        />
      </label>
      <p id={`${hintId}-capacity`} className="op-hint">
        {t('operator.admin.capacityHint')}
      </p>
      <label>
        {t('operator.admin.reassignAfter')}
        <input
          type="number"
          min={REASSIGN_AFTER_SECONDS.min}
          max={REASSIGN_AFTER_SECONDS.max}
          step={1}
          aria-describedby={`${hintId}-reassign`}
          value={draft.reassign_after_seconds}
          onChange={(e) => set('reassign_after_seconds', e.target.value)}
        />
      </label>
      <p id={`${hintId}-reassign`} className="op-hint">
        {t('operator.admin.reassignAfterHint')}
      </p>
    </fieldset>
  );
}
