import { expect } from '@open-wc/testing';
import { reopeningText } from '../../../src/platform/time/index.js';
import { createTranslate } from '../../../src/platform/i18n/translate.js';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import ar from '../../../locales/ar.json';

// A Thursday noon in the browser's own zone: the texts read in the visitor's time zone.
const NOW = new Date(2026, 2, 26, 12, 0, 0);
const at = (days: number, hours: number, minutes = 0) => new Date(2026, 2, 26 + days, hours, minutes);
const time = (date: Date, locale: string) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date);

// Issue 26: when a channel closed by its business hours opens again, in the visitor's language.
describe('platform/time: the reopening text', () => {
  it('today, tomorrow, a weekday within the week, else the date', () => {
    expect(reopeningText(at(0, 14), { now: NOW })).to.equal(`We are back today at ${time(at(0, 14), 'en-US')}`);
    expect(reopeningText(at(1, 9), { now: NOW })).to.equal(`We are back tomorrow at ${time(at(1, 9), 'en-US')}`);
    expect(reopeningText(at(4, 9), { now: NOW })).to.equal(`We are back on Monday at ${time(at(4, 9), 'en-US')}`);
    expect(reopeningText(at(10, 9, 30), { now: NOW })).to.equal(`We are back on April 5, 2026 at ${time(at(10, 9, 30), 'en-US')}`);
    expect(reopeningText(new Date(Number.NaN), { now: NOW })).to.equal('');
  });

  it('in French and Arabic', () => {
    const french = createTranslate({ locale: 'fr', messages: fr });
    expect(reopeningText(at(4, 9), { now: NOW, locale: 'fr', translate: french })).to.equal(`Nous serons de retour lundi à ${time(at(4, 9), 'fr')}`);
    expect(reopeningText(at(10, 9), { now: NOW, locale: 'fr', translate: french })).to.equal(`Nous serons de retour le 5 avril 2026 à ${time(at(10, 9), 'fr')}`);
    const arabic = createTranslate({ locale: 'ar', messages: ar });
    expect(reopeningText(at(1, 9), { now: NOW, locale: 'ar', translate: arabic })).to.match(/^سنعود غدًا الساعة /);
    expect(reopeningText(at(4, 9), { now: NOW, locale: 'ar', translate: arabic })).to.contain('الاثنين');
    expect(createTranslate({ locale: 'en', messages: en })('widget.offline.backAt', { when: 'weekday', day: 'Monday', time: '9:00' })).to.equal('We are back on Monday at 9:00');
  });
});
