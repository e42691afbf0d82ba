import type { MessageKey } from '../../../platform/i18n/index.js';
import { MISSED_AFTER_SECONDS } from '../../../protocol/operator-console.js';
import type { OfflineMode } from '../../../protocol/offline-message.js';
import { useT } from '../../core/texts.js';
import { Choice } from '../../core/choice.js';
import { NumberSetting, SettingsFieldset } from '../../core/settings-fields.js';

/** The fields as the inputs hold them. */
export interface OfflineDraft {
  offline_mode: OfflineMode;
  offline_text: string;
  missed_after_seconds: string;
}

const MODES: [OfflineMode, MessageKey][] = [
  ['hide_button', 'operator.admin.offlineHide'],
  ['message_form', 'operator.admin.offlineForm'],
];

/**
 * What a channel does while nobody is online (hide the button, SPEC.md §8's default, or show the message
 * form with its text) and after how long an unanswered chat counts as missed (issue 14).
 */
export function OfflineSettingsFieldset({ draft, set, hintId }: { draft: OfflineDraft; set(key: keyof OfflineDraft, value: string): void; hintId: string }): React.JSX.Element {
  const t = useT();
  return (
    <SettingsFieldset legend={t('operator.admin.offline')}>
      <Choice label={t('operator.admin.offlineMode')} value={draft.offline_mode} options={MODES} onChange={(mode) => set('offline_mode', mode)} />
      <label>
        {t('operator.admin.offlineText')}
        <input required maxLength={200} value={draft.offline_text} onChange={(e) => set('offline_text', e.target.value)} />
      </label>
      <NumberSetting
        label={t('operator.admin.missedAfter')}
        hint={t('operator.admin.missedAfterHint')}
        hintId={hintId}
        bounds={MISSED_AFTER_SECONDS}
        value={draft.missed_after_seconds}
        required
        onChange={(v) => set('missed_after_seconds', v)}
      />
    </SettingsFieldset>
  );
}
