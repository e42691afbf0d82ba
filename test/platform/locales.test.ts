import { expect } from '@open-wc/testing';
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import ar from '../../locales/ar.json';

type Catalogue = Record<string, string>;
const translations: Record<string, Catalogue> = { fr, ar };

// Node kinds of the ICU message AST (intl-messageformat's parser): 1 argument, 2 number, 3 date, 4 time,
// 5 select, 6 plural, 8 tag. Select and plural nodes carry their branches in `options`.
interface AstNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
  children?: AstNode[];
}

function placeholders(message: string, locale: string): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (nodes: AstNode[]) => {
    for (const node of nodes) {
      if ([1, 2, 3, 4, 5, 6].includes(node.type) && typeof node.value === 'string') out.set(node.value, node.type);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst() as unknown as AstNode[]);
  return out;
}

function sampleValues(message: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [name, type] of placeholders(message, 'en')) values[name] = type === 2 || type === 6 ? 3 : type === 5 ? 'other' : 'X';
  return values;
}

describe('locales', () => {
  const enKeys = Object.keys(en).sort();

  for (const [lang, catalogue] of Object.entries(translations)) {
    it(`${lang}.json has exactly the keys of en.json`, () => {
      const keys = Object.keys(catalogue).sort();
      expect(keys.filter((k) => !enKeys.includes(k)), `keys ${lang} has that en lacks`).to.deep.equal([]);
      expect(enKeys.filter((k) => !keys.includes(k)), `keys ${lang} lacks`).to.deep.equal([]);
    });

    it(`every ${lang} message is a non-empty string`, () => {
      for (const [key, message] of Object.entries(catalogue)) {
        expect(typeof message === 'string' && message.trim() !== '', `${lang} ${key}`).to.be.true;
      }
    });
  }

  for (const [lang, catalogue] of Object.entries({ en: en as Catalogue, ...translations })) {
    it(`every ${lang} message parses and formats with intl-messageformat`, () => {
      for (const [key, message] of Object.entries(catalogue)) {
        let text: unknown;
        expect(() => {
          text = new IntlMessageFormat(message, lang).format(sampleValues((en as Catalogue)[key] ?? message));
        }, `${lang} ${key}`).not.to.throw();
        expect(typeof text, `${lang} ${key}`).to.equal('string');
      }
    });
  }

  for (const [lang, catalogue] of Object.entries(translations)) {
    it(`every placeholder used in en exists in ${lang}, and ${lang} adds none`, () => {
      for (const [key, message] of Object.entries(en as Catalogue)) {
        const wanted = [...placeholders(message, 'en').keys()].sort();
        const found = [...placeholders(catalogue[key] ?? '', lang).keys()].sort();
        expect(found, `${lang} ${key}`).to.deep.equal(wanted);
      }
    });
  }

  it('holds the exact English texts of SPEC.md §8 and the texts the spec quotes', () => {
    const texts = Object.values(en as Catalogue);
    const format = (key: keyof typeof en, values?: Record<string, string>) => new IntlMessageFormat(en[key], 'en').format(values);
    for (const exact of [
      'No available collaborator, please try again later.',
      'Session expired... Please refresh and try again.',
      'Invalid email address',
      'Conversation Sent',
      'Thank you for your feedback',
      'Could not connect to the server',
      'Something happened while trying to contact the server, check that the server is online and that you still have a working network connection.',
      'Unable to render the required templates for the assets to load',
      'Undefined dependency',
      'Chat with one of our collaborators',
      'Ask something ...',
      'How may I help you?',
      'Visitor',
      'Today',
      'Yesterday',
      'now',
    ]) {
      expect(texts, exact).to.include(exact);
    }
    expect(format('errors.serviceAlreadyLoaded', { name: 'bus' })).to.equal('Service bus is already loaded');
    expect(format('errors.notADateTime', { value: 'x' })).to.equal("'x' is not a correct date, datetime nor time");
    expect(format('errors.notConvertible', { type: 'money' })).to.equal("'money' is not convertible to date, datetime nor time");
    expect(format('widget.typing.one', { first: 'X' })).to.equal('X is typing...');
    expect(format('widget.typing.two', { first: 'X', second: 'Y' })).to.equal('X and Y are typing...');
    expect(format('widget.typing.many', { first: 'X', second: 'Y' })).to.equal('X, Y and more are typing...');
  });
});
