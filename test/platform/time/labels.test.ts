import { expect } from '@open-wc/testing';
import { dateLocaleFor, dayLabel, relativeTime } from '../../../src/platform/time/index.js';
import type { MessageKey, MessageValues } from '../../../src/platform/text/messages.js';

const NOW = new Date(2024, 2, 5, 12, 0, 0);
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const french = (key: MessageKey, _values?: MessageValues): string =>
  ({ 'widget.thread.now': 'maintenant', 'widget.thread.today': "Aujourd'hui", 'widget.thread.yesterday': 'Hier' })[key as string] ?? key;

describe('platform/time: relative times and day labels', () => {
  it('says "now" under 45 seconds, and a distance from 45 seconds on', () => {
    expect(relativeTime(ago(0), { now: NOW })).to.equal('now');
    expect(relativeTime(ago(44_999), { now: NOW })).to.equal('now');
    expect(relativeTime(ago(45_000), { now: NOW })).to.equal('1 minute ago');
    expect(relativeTime(ago(3 * 60_000), { now: NOW })).to.equal('3 minutes ago');
    expect(relativeTime(ago(5 * 3_600_000), { now: NOW })).to.equal('about 5 hours ago');
  });

  it('treats a server clock slightly ahead as now', () => {
    expect(relativeTime(new Date(NOW.getTime() + 10_000), { now: NOW })).to.equal('now');
  });

  it('uses the language of the page', () => {
    expect(relativeTime(ago(3 * 60_000), { now: NOW, locale: dateLocaleFor('fr_BE') })).to.equal('il y a 3 minutes');
    expect(relativeTime(ago(3 * 60_000), { now: NOW, locale: dateLocaleFor('ar') })).to.equal('منذ 3 دقائق');
    expect(relativeTime(ago(1_000), { now: NOW, translate: french })).to.equal('maintenant');
  });

  it('labels today, yesterday, and older days by their long date', () => {
    expect(dayLabel(new Date(2024, 2, 5, 0, 0, 1), { now: NOW })).to.equal('Today');
    expect(dayLabel(new Date(2024, 2, 4, 23, 59, 59), { now: NOW })).to.equal('Yesterday');
    expect(dayLabel(new Date(2024, 2, 4, 0, 0), { now: NOW })).to.equal('Yesterday');
    expect(dayLabel(new Date(2024, 2, 3, 23, 59), { now: NOW })).to.equal('March 3rd, 2024');
  });

  it('writes long dates in French and Arabic', () => {
    const older = new Date(2024, 0, 17, 9, 0);
    expect(dayLabel(older, { now: NOW, locale: dateLocaleFor('fr-FR') })).to.equal('17 janvier 2024');
    expect(dayLabel(older, { now: NOW, locale: dateLocaleFor('ar_SY') })).to.equal('17 يناير 2024');
    expect(dayLabel(NOW, { now: NOW, locale: dateLocaleFor('fr'), translate: french })).to.equal("Aujourd'hui");
    expect(dayLabel(ago(86_400_000), { now: NOW, translate: french })).to.equal('Hier');
  });

  it('falls back to US English for other languages', () => {
    expect(dateLocaleFor('de_DE').code).to.equal('en-US');
    expect(dateLocaleFor(undefined).code).to.equal('en-US');
    expect(dateLocaleFor('ar').code).to.equal('ar');
  });
});
