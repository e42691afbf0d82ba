import type { MessageKey } from '../../platform/i18n/index.js';
import { useT } from './texts.js';

/** Props of {@link Choice}. */
export interface ChoiceProps {
  label: string;
  value: string;
  /** Each value with the key of its text. */
  options: readonly (readonly [string, MessageKey])[];
  onChange(value: string): void;
}

/** A labelled choice among a setting's values. */
export function Choice({ label, value, options, onChange }: ChoiceProps): React.JSX.Element {
  const t = useT();
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {t(text)}
          </option>
        ))}
      </select>
    </label>
  );
}
