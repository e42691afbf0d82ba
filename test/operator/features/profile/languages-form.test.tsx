import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { OPERATOR_LANGUAGES_MAX } from '../../../../src/protocol/console/routing.js';
import { loadTranslator, type Locale } from '../../../../src/platform/i18n/index.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import type { LanguagesApi, MyLanguages } from '../../../../src/operator/features/profile/languages-api.js';
import { LanguagesForm } from '../../../../src/operator/features/profile/languages-form.js';
import { reactMount, waitUntil, consoleAxe } from '../../support.js';

/** A stand-in for the own-languages routes that keeps what the form saves (the routes are tested in test/server/features/routing). */
class MemoryLanguages implements LanguagesApi {
  saved: string[][] = [];
  refuse: string | undefined;
  constructor(private languages: string[]) {}
  async load(): Promise<MyLanguages> {
    return { languages: this.languages };
  }
  async save(languages: string[]): Promise<MyLanguages> {
    if (this.refuse) throw new Error(this.refuse);
    this.saved.push(languages);
    this.languages = languages;
    return { languages };
  }
}

function type(input: HTMLElement, value: string): Promise<void> {
  return act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the operator’s own languages, in their profile', () => {
  const dom = reactMount();

  async function render(api: LanguagesApi, lang: Locale = 'en') {
    const translator = await loadTranslator(lang);
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <LanguagesForm api={api} />
        </TextProvider>,
      ),
    );
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('status') === null || view.getAllByRole('status').every((s) => s.textContent === ''));
    return view;
  }
  const click = (el: HTMLElement) => act(async () => el.click());
  const names = (view: ReturnType<typeof within>) => within(view.getByRole('list', { name: /./ })).getAllByRole('listitem').map((li) => li.firstChild?.textContent);

  it('lists the languages by name, adds one by tag or by name, refuses what is no language, and saves them', async () => {
    const api = new MemoryLanguages(['fr']);
    const view = await render(api);
    expect(view.getByRole('region', { name: 'Languages you answer in' })).to.exist;
    expect(names(view)).to.deep.equal(['French']);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);

    const field = view.getByRole('combobox', { name: 'Add a language' });
    const add = view.getByRole('button', { name: 'Add' });
    await type(field, 'pt-BR');
    await click(add);
    await type(field, 'german');
    await click(add);
    expect(view.getByRole('list', { name: 'Your languages' }).textContent).to.contain('Portuguese (pt)').and.contain('German (de)');

    await type(field, '??');
    await click(add);
    expect(view.getByRole('alert').textContent).to.equal('“??” is not a language name or tag');
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    await type(field, 'FR_be');
    expect(view.queryByRole('alert'), 'typing clears the refusal').to.equal(null);
    await click(add);
    expect(view.getByRole('alert').textContent).to.equal('French is already listed');

    await click(view.getByRole('button', { name: 'Remove German' }));
    await click(view.getByRole('button', { name: 'Save languages' }));
    await waitUntil(() => view.queryByText('Languages saved'));
    expect(view.getByRole('status').textContent).to.equal('Languages saved');
    expect(api.saved).to.deep.equal([['fr', 'pt']]);
  });

  it('says when nothing is listed, and when saving failed', async () => {
    const api = new MemoryLanguages([]);
    api.refuse = 'Network down';
    const view = await render(api);
    expect(view.getByText('No language listed: visitors in any language may come to you.')).to.exist;
    await click(view.getByRole('button', { name: 'Save languages' }));
    await waitUntil(() => view.queryByRole('alert'));
    expect(view.getByRole('alert').textContent).to.match(/^The languages could not be saved: /);
    expect(view.getByRole('status').textContent).to.equal('');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it(`takes at most ${OPERATOR_LANGUAGES_MAX} languages`, async () => {
    const many = Array.from({ length: OPERATOR_LANGUAGES_MAX }, (_, i) => `a${String.fromCharCode(97 + i)}`);
    const view = await render(new MemoryLanguages(many));
    expect((view.getByRole('combobox', { name: 'Add a language' }) as HTMLInputElement).disabled).to.equal(true);
  });

  for (const [lang, heading, french, remove] of [
    ['fr', 'Langues dans lesquelles vous répondez', 'français', 'Retirer français'],
    ['ar', 'اللغات التي تجيب بها', 'الفرنسية', 'إزالة الفرنسية'],
  ] as const) {
    it(`names the languages in ${lang}`, async () => {
      const view = await render(new MemoryLanguages(['fr']), lang);
      expect(view.getByRole('region', { name: heading })).to.exist;
      expect(names(view)).to.deep.equal([french]);
      expect(view.getByRole('button', { name: remove })).to.exist;
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
    });
  }
});
