/**
 * The console's colour theme: the operator's system (the default), or light or dark whatever the system
 * says. The stylesheet names each colour for both (theme.css); the choice only sets `color-scheme` through
 * the root's `data-theme`, and is kept in this browser, every open tab following a change.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE = 'live-chat.operator.theme';

const isChoice = (value: unknown): value is ThemeChoice => THEME_CHOICES.includes(value as ThemeChoice);

/** The choice kept in this browser; the system's when none is kept, storage is blocked or the value is not one. */
export function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE);
    return isChoice(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Shows the console in `choice`. */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** Shows and keeps `choice`; with storage blocked it lasts as long as the page. */
export function chooseTheme(choice: ThemeChoice): void {
  applyTheme(choice);
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE);
    else localStorage.setItem(THEME_STORAGE, choice);
  } catch {
    // Storage blocked: the page keeps the choice until it is closed.
  }
}

/** Applies the kept choice now and again whenever another tab changes it; returns the stop. */
export function followStoredTheme(): () => void {
  applyTheme(storedTheme());
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE || event.key === null) applyTheme(storedTheme());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
