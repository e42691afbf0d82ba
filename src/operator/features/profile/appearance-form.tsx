import { useId, useState } from 'react';
import type { MessageKey } from '../../../platform/i18n/index.js';
import { useT } from '../../core/texts.js';
import { chooseTheme, storedTheme, THEME_CHOICES, type ThemeChoice } from '../../core/theme.js';

const LABELS: Record<ThemeChoice, MessageKey> = {
  system: 'operator.profile.appearance.system',
  light: 'operator.profile.appearance.light',
  dark: 'operator.profile.appearance.dark',
};

/** The console's colours (the system's, light or dark), applied as soon as chosen and kept in this browser. */
export function AppearanceForm(): React.JSX.Element {
  const t = useT();
  const id = useId();
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);
  const choose = (next: ThemeChoice) => {
    setChoice(next);
    chooseTheme(next);
  };
  return (
    <fieldset className="op-appearance" aria-describedby={`${id}-hint`}>
      <legend>{t('operator.profile.appearance.heading')}</legend>
      {THEME_CHOICES.map((value) => (
        <label key={value} className="op-check">
          <input type="radio" name={`${id}-theme`} value={value} checked={choice === value} onChange={() => choose(value)} />
          {t(LABELS[value])}
        </label>
      ))}
      <p className="op-hint" id={`${id}-hint`}>
        {t('operator.profile.appearance.hint')}
      </p>
    </fieldset>
  );
}
