import { expect } from '@open-wc/testing';
import { IntlMessageFormat } from 'intl-messageformat';
import { createTranslate, englishTranslator, type MessageKey } from '../../../src/platform/i18n/index.js';

const en = { 'widget.typing.one': '{first} is typing...', 'widget.window.close': 'Close', 'widget.window.fold': 'Minimize' } as const;

describe('createTranslate, the one formatter of the widget and the console', () => {
  it('formats source text and the precompiled syntax tree of the widget build alike', () => {
    const ast = new IntlMessageFormat('{first} écrit...', 'fr').getAst();
    const t = createTranslate({ locale: 'fr', messages: { 'widget.typing.one': ast }, fallback: { locale: 'en', messages: en } });
    expect(t('widget.typing.one', { first: 'Ann' })).to.equal('Ann écrit...');
    expect(t('widget.window.close')).to.equal('Close');
  });

  it('falls back for a key the language lacks, leaves empty, or whose message does not parse', () => {
    const t = createTranslate({ locale: 'fr', messages: { 'widget.window.close': '', 'widget.window.fold': '{broken' }, fallback: { locale: 'en', messages: en } });
    expect(t('widget.window.close')).to.equal('Close');
    expect(t('widget.window.fold')).to.equal('Minimize');
  });

  it('never throws: the key without any catalogue, the words of the message when a value is missing', () => {
    const t = createTranslate({ locale: '??', messages: { 'widget.typing.one': new IntlMessageFormat('{first} is typing...', 'en').getAst() } });
    expect(t('widget.window.close')).to.equal('widget.window.close');
    expect(t('widget.typing.one')).to.equal('{first} is typing...');
  });

  it('is what the console translator formats with', () => {
    expect(englishTranslator().t('widget.typing.one', { first: 'Bo' })).to.equal('Bo is typing...');
    expect(englishTranslator().t('no.such.key' as MessageKey)).to.equal('no.such.key');
  });
});
