import { CAPACITY_BOUNDS, REASSIGN_AFTER_SECONDS } from '../../../protocol/console/routing.js';
import { NumberSetting, SettingsFieldset } from '../../core/settings-fields.js';
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
    <SettingsFieldset legend={t('operator.admin.routing')}>
      <NumberSetting label={t('operator.admin.capacity')} hint={t('operator.admin.capacityHint')} hintId={`${hintId}-capacity`} bounds={CAPACITY_BOUNDS} value={draft.capacity} onChange={(v) => set('capacity', v)} />
      <NumberSetting
        label={t('operator.admin.reassignAfter')}
        hint={t('operator.admin.reassignAfterHint')}
        hintId={`${hintId}-reassign`}
        bounds={REASSIGN_AFTER_SECONDS}
        value={draft.reassign_after_seconds}
        onChange={(v) => set('reassign_after_seconds', v)}
      />
    </SettingsFieldset>
  );
}
