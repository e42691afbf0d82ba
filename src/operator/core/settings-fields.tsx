import type { ReactNode } from 'react';

/** A group of a channel's settings under its legend. */
export function SettingsFieldset({ legend, children }: { legend: string; children: ReactNode }): React.JSX.Element {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Props of {@link NumberSetting}. */
export interface NumberSettingProps {
  label: string;
  /** The hint under the field, which describes it. */
  hint: string;
  hintId: string;
  bounds: { readonly min: number; readonly max: number };
  /** As the input holds it: "" is empty. */
  value: string;
  required?: boolean;
  onChange(value: string): void;
}

/** A whole-number setting within bounds, described by the hint under it. */
export function NumberSetting({ label, hint, hintId, bounds, value, required, onChange }: NumberSettingProps): React.JSX.Element {
  return (
    <>
      <label>
        {label}
        <input type="number" min={bounds.min} max={bounds.max} step={1} required={required} aria-describedby={hintId} value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
      <p id={hintId} className="op-hint">
        {hint}
      </p>
    </>
  );
}
