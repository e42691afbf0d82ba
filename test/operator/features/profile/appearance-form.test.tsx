import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { emulateMedia } from '@web/test-runner-commands';
import { act } from 'react';
import { loadTranslator, type Locale } from '../../../../src/platform/i18n/index.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import { followStoredTheme, THEME_STORAGE } from '../../../../src/operator/core/theme.js';
import { AppearanceForm } from '../../../../src/operator/features/profile/appearance-form.js';
import { consoleAxe, loadConsoleStyles, reactMount, type ConsoleStyles } from '../../support.js';

/** The page's background as drawn now. */
const pageBackground = () => getComputedStyle(document.documentElement).backgroundColor;

describe('Appearance, in the operator’s profile', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());
  beforeEach(() => localStorage.removeItem(THEME_STORAGE));
  afterEach(async () => {
    localStorage.removeItem(THEME_STORAGE);
    delete document.documentElement.dataset.theme;
    await emulateMedia({ colorScheme: 'light' });
  });

  async function render(lang: Locale = 'en') {
    const translator = await loadTranslator(lang);
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <AppearanceForm />
        </TextProvider>,
      ),
    );
    return within(dom.host);
  }
  const click = (el: HTMLElement) => act(async () => el.click());

  it('matches the system until the operator chooses, then shows the choice at once and keeps it in this browser', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const view = await render();
    const group = view.getByRole('group', { name: 'Appearance' });
    expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('value'))).to.deep.equal(['system', 'light', 'dark']);
    expect(view.getByRole('radio', { name: 'Match the system' })).to.have.property('checked', true);
    const light = pageBackground();

    await click(view.getByRole('radio', { name: 'Dark' }));
    const dark = pageBackground();
    expect(dark).to.not.equal(light);
    expect(localStorage.getItem(THEME_STORAGE)).to.equal('dark');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);

    // The system turns dark, the operator wants light: light it is.
    await emulateMedia({ colorScheme: 'dark' });
    await click(view.getByRole('radio', { name: 'Light' }));
    expect(pageBackground()).to.equal(light);

    await click(view.getByRole('radio', { name: 'Match the system' }));
    expect(pageBackground()).to.equal(dark);
    expect(localStorage.getItem(THEME_STORAGE)).to.equal(null);
  });

  it('opens again with the kept choice checked', async () => {
    localStorage.setItem(THEME_STORAGE, 'dark');
    const view = await render('fr');
    expect(view.getByRole('radio', { name: 'Sombre' })).to.have.property('checked', true);
  });

  it('reads a kept value that is not a theme (or the prototype’s names) as the system', async () => {
    for (const kept of ['__proto__', 'constructor', 'DARK', 'dark\u0000', '{"theme":"dark"}']) {
      localStorage.setItem(THEME_STORAGE, kept);
      const stop = followStoredTheme();
      stop();
      expect(document.documentElement.dataset.theme, kept).to.equal(undefined);
    }
  });

  // Another tab's change arrives as a `storage` event; this page dispatches the one the browser would send.
  it('follows a choice made in another tab of the console', async () => {
    const stop = followStoredTheme();
    try {
      await emulateMedia({ colorScheme: 'light' });
      const light = pageBackground();
      localStorage.setItem(THEME_STORAGE, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE, newValue: 'dark' }));
      expect(document.documentElement.dataset.theme).to.equal('dark');
      expect(pageBackground()).to.not.equal(light);
      localStorage.removeItem(THEME_STORAGE);
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE, newValue: null }));
      expect(pageBackground()).to.equal(light);
    } finally {
      stop();
    }
  });
});
