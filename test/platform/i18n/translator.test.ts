import { expect } from '@open-wc/testing';
import {
  DEFAULT_LANG_PARAMETERS,
  Translator,
  englishTranslator,
  loadTranslator,
  type MessageKey,
} from '../../../src/platform/i18n/index.js';

describe('Translator', () => {
  it('formats English messages with their values', () => {
    const t = englishTranslator();
    expect(t.t('errors.noOperator')).to.equal('No available collaborator, please try again later.');
    expect(t.t('widget.typing.two', { first: 'Ann', second: 'Bob' })).to.equal('Ann and Bob are typing...');
    expect(t.t('widget.window.unread', { count: 1 })).to.equal('1 unread message');
    expect(t.t('widget.window.unread', { count: 3 })).to.equal('3 unread messages');
    expect(t.t('errors.invalidDate', { value: '2024-13-01' })).to.equal("'2024-13-01' is not a valid date");
  });

  it('formats French and Arabic messages, loaded on demand', async () => {
    const fr = await loadTranslator('fr');
    expect(fr.locale).to.equal('fr');
    expect(fr.t('widget.window.close')).to.equal('Fermer');
    expect(fr.t('widget.typing.one', { first: 'Ann' })).to.equal("Ann est en train d'écrire...");
    const ar = await loadTranslator('ar');
    expect(ar.t('widget.defaultUsername')).not.to.equal('Visitor');
    expect(ar.t('widget.defaultUsername')).to.match(/[\u0600-\u06FF]/);
  });

  it('falls back to English for a key the language lacks or leaves empty', () => {
    const partial = new Translator({ locale: 'fr', messages: { 'widget.window.close': 'Fermer', 'widget.window.fold': '' } });
    expect(partial.t('widget.window.close')).to.equal('Fermer');
    expect(partial.t('widget.window.fold')).to.equal('Minimize');
    expect(partial.t('widget.transcript.sent')).to.equal('Conversation Sent');
  });

  it('falls back to English when a translation is not valid ICU', () => {
    const broken = new Translator({ locale: 'fr', messages: { 'widget.typing.one': '{first est en train' } });
    expect(broken.t('widget.typing.one', { first: 'Ann' })).to.equal('Ann is typing...');
  });

  it('never throws: an unknown key comes back as itself, a missing value as the raw message', () => {
    const t = englishTranslator();
    expect(t.t('no.such.key' as MessageKey)).to.equal('no.such.key');
    expect(t.t('widget.typing.one')).to.equal('{first} is typing...');
  });

  it('caches compiled messages: formatting again gives the same text', () => {
    const t = englishTranslator();
    const first = t.t('widget.typing.many', { first: 'A', second: 'B' });
    expect(t.t('widget.typing.many', { first: 'A', second: 'B' })).to.equal(first);
    expect(t.t('widget.typing.many', { first: 'C', second: 'D' })).to.equal('C, D and more are typing...');
  });

  it('exposes the text direction of its language', async () => {
    expect(englishTranslator().direction).to.equal('ltr');
    expect((await loadTranslator('fr')).direction).to.equal('ltr');
    expect((await loadTranslator('ar')).direction).to.equal('rtl');
  });

  it('exposes the default locale parameters: US English, %m/%d/%Y, %H:%M:%S, "." and ","', () => {
    const p = englishTranslator().lang_parameters;
    expect(p).to.deep.equal(DEFAULT_LANG_PARAMETERS);
    expect(p.date_format).to.equal('%m/%d/%Y');
    expect(p.time_format).to.equal('%H:%M:%S');
    expect(p.decimal_point).to.equal('.');
    expect(p.thousands_sep).to.equal(',');
    expect(p.name).to.equal('English (US)');
  });
});
