import { expect, fixture, html } from '@open-wc/testing';
import { canonicalTag, directionOf, matchLocale, negotiateLocale, pageLanguages, primaryLanguage } from '../../../src/platform/i18n/index.js';

describe('language negotiation', () => {
  it('reads fr_FR, fr-FR, fr and FR as French', () => {
    for (const tag of ['fr_FR', 'fr-FR', 'fr', 'FR', ' fr-be ', 'fr_BE@euro']) expect(matchLocale(tag), tag).to.equal('fr');
    expect(matchLocale('ar_001')).to.equal('ar');
    expect(matchLocale('en_US')).to.equal('en');
  });

  it('writes tags in canonical form, underscores included, and refuses what is no tag', () => {
    expect(canonicalTag('fr_be')).to.equal('fr-BE');
    expect(canonicalTag(' en-gb ')).to.equal('en-GB');
    expect(canonicalTag('de')).to.equal('de');
    for (const tag of ['??', '', 'fr-%%']) expect(canonicalTag(tag), tag).to.equal(undefined);
  });

  it('knows no locale for unsupported or malformed tags', () => {
    for (const tag of ['de_DE', 'pt-BR', '', '*', '12', null, undefined, 42]) expect(matchLocale(tag), String(tag)).to.equal(undefined);
    expect(primaryLanguage('sr@latin')).to.equal('sr');
  });

  it('takes the first supported candidate, else English', () => {
    expect(negotiateLocale(['de-DE', 'fr-CA', 'ar'])).to.equal('fr');
    expect(negotiateLocale([undefined, 'ar_SY'])).to.equal('ar');
    expect(negotiateLocale(['de', 'it'])).to.equal('en');
    expect(negotiateLocale([])).to.equal('en');
  });

  it('prefers the element’s own lang attribute over the page and the browser', async () => {
    const el = await fixture(html`<div lang="ar"><span lang="fr-FR" id="w"></span></div>`);
    const langs = pageLanguages(el.querySelector('#w'), { languages: ['de-DE'], language: 'de-DE' });
    expect(langs[0]).to.equal('fr-FR');
    expect(negotiateLocale(langs)).to.equal('fr');
  });

  it('uses an ancestor’s lang, then <html lang>, then the browser’s languages', async () => {
    const el = await fixture(html`<div lang="ar_001"><span id="w"></span></div>`);
    expect(negotiateLocale(pageLanguages(el.querySelector('#w'), { languages: ['fr'], language: 'fr' }))).to.equal('ar');

    const htmlLang = document.documentElement.getAttribute('lang');
    document.documentElement.setAttribute('lang', 'fr');
    try {
      const bare = await fixture(html`<span></span>`);
      expect(negotiateLocale(pageLanguages(bare, { languages: ['ar'], language: 'ar' }))).to.equal('fr');
      document.documentElement.removeAttribute('lang');
      expect(negotiateLocale(pageLanguages(bare, { languages: ['de', 'ar-EG'], language: 'de' }))).to.equal('ar');
      expect(negotiateLocale(pageLanguages(bare, { languages: ['de'], language: 'de' }))).to.equal('en');
    } finally {
      if (htmlLang === null) document.documentElement.removeAttribute('lang');
      else document.documentElement.setAttribute('lang', htmlLang);
    }
  });

  it('reads the lang of the shadow host for an element inside a shadow root', async () => {
    const host = await fixture(html`<div lang="fr"></div>`);
    const root = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('span');
    root.append(inner);
    expect(pageLanguages(inner, { languages: [], language: 'en' })[0]).to.equal('fr');
  });
});

describe('text direction', () => {
  it('is rtl for Arabic in any form and for other right-to-left languages', () => {
    for (const tag of ['ar', 'ar_SY', 'ar-001', 'he', 'fa_IR', 'ur']) expect(directionOf(tag), tag).to.equal('rtl');
  });

  it('is ltr otherwise, and for malformed input', () => {
    for (const tag of ['en', 'fr_FR', 'de', '', null]) expect(directionOf(tag), String(tag)).to.equal('ltr');
  });

  it('knows Uyghur (Arabic script) is rtl and Hausa (Latin script) is ltr', () => {
    expect(directionOf('ug')).to.equal('rtl');
    expect(directionOf('ug-CN')).to.equal('rtl');
    expect(directionOf('ha')).to.equal('ltr');
    expect(directionOf('ha_NG')).to.equal('ltr');
  });
});
