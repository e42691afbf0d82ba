import { RETENTION_DAYS_BOUNDS } from '../../../protocol/operator-console.js';
import { useT } from '../../core/texts.js';

/** "Keep conversations for": days as the input holds them, "" for forever (the default). */
export function RetentionField({ value, onChange, hintId }: { value: string; onChange(value: string): void; hintId: string }): React.JSX.Element {
  const t = useT();
  return (
    <>
      <label>
        {t('operator.admin.retention')}
        <input type="number" min={RETENTION_DAYS_BOUNDS.min} max={RETENTION_DAYS_BOUNDS.max} step={1} aria-describedby={hintId} value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
      <p id={hintId} className="op-hint">
        {t('operator.admin.retentionHint')}
      </p>
    </>
  );
}
