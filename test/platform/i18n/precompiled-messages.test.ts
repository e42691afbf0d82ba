import { expect } from '@open-wc/testing';
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import ar from '../../../locales/ar.json';
import { messageText, type IcuMessage } from '../../../src/platform/i18n/icu-message.js';
import { createUiText, type MessageKey } from '../../../src/ui/shared/ui-text.js';

// The production build hands the widget syntax trees instead of texts (rollup.config.mjs precompiles
// locales/*.json, as intl-messageformat's getAst() does here) and ships no ICU parser.
function precompiled(messages: Record<string, string>, lang: string): Partial<Record<MessageKey, IcuMessage>> {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, new IntlMessageFormat(text, lang).getAst()]));
}

const tree = (text: string): IcuMessage => new IntlMessageFormat(text, 'en').getAst();

describe('precompiled messages', () => {
  it('the widget texts format the same from syntax trees as from their text', () => {
    const fromText = createUiText({ lang: 'fr', messages: fr, fallback: en });
    const fromTrees = createUiText({ lang: 'fr', messages: precompiled(fr, 'fr'), fallback: precompiled(en, 'en') });
    expect(fromTrees.t('widget.window.unread', { count: 1 })).to.equal(fromText.t('widget.window.unread', { count: 1 }));
    expect(fromTrees.t('widget.window.unread', { count: 4 })).to.equal(fromText.t('widget.window.unread', { count: 4 }));
    expect(fromTrees.t('widget.typing.two', { first: 'Ana', second: 'Bo' })).to.equal("Ana et Bo sont en train d'écrire...");
    expect(fromTrees.t('widget.composer.send')).to.equal(fr['widget.composer.send']);
  });

  it('every widget message of every language formats from its tree as intl-messageformat formats its text', () => {
    // Sample values for each argument: numbers for plurals (and `#`), a word for the rest.
    const sample = (text: string): Record<string, string | number> => {
      const values: Record<string, string | number> = {};
      const walk = (nodes: unknown[]): void => {
        for (const node of nodes as { type: number; value?: unknown; options?: Record<string, { value: unknown[] }> }[]) {
          if (typeof node.value === 'string' && node.type >= 1 && node.type <= 6) values[node.value] = node.type === 6 ? 3 : node.type === 5 ? 'other' : 'X';
          for (const option of Object.values(node.options ?? {})) walk(option.value);
        }
      };
      walk(tree(text) as unknown[]);
      return values;
    };
    for (const [lang, messages] of [['en', en], ['fr', fr], ['ar', ar]] as const) {
      const ui = createUiText({ lang, messages: precompiled(messages, lang) });
      for (const [key, text] of Object.entries(messages).filter(([k]) => !k.startsWith('operator.'))) {
        const values = sample(text);
        expect(ui.t(key as MessageKey, values), `${lang} ${key}`).to.equal(String(new IntlMessageFormat(text, lang).format(values)));
      }
    }
  });

  it('a precompiled message missing a value shows its words with the placeholder, not a syntax tree', () => {
    const ui = createUiText({ lang: 'en', messages: precompiled(en, 'en') });
    expect(ui.t('widget.typing.one')).to.equal('{first} is typing...');
    expect(ui.t('widget.window.unread')).to.equal('# unread messages');
  });

  it('messageText keeps a text as it is and spells a tree back as words and placeholders', () => {
    expect(messageText('{name} is here')).to.equal('{name} is here');
    expect(messageText(tree("''{value}'' is not a valid date"))).to.equal("'{value}' is not a valid date");
    expect(messageText(tree('{count, plural, one {# file} other {# files}} from {name}'))).to.equal('# files from {name}');
    expect(messageText(tree('{unit, select, Kb {Kb} other {Yb}}'))).to.equal('Yb');
    expect(messageText(tree('Total: {n, number}'))).to.equal('Total: {n}');
    expect(messageText(tree('<b>{name}</b> joined'))).to.equal('{name} joined');
  });
});
