import { expect } from '@open-wc/testing';
import { dateLocaleFor, dateTimeLabel, dayLabel, relativeTime } from '../../../src/platform/time/index.js';
import type { MessageKey, MessageValues } from '../../../src/platform/text/messages.js';

const NOW = new Date(2024, 2, 5, 12, 0, 0);
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const french = (key: MessageKey, _values?: MessageValues): string =>
  ({ 'widget.thread.now': 'maintenant', 'widget.thread.today': "Aujourd'hui", 'widget.thread.yesterday': 'Hier' })[key as string] ?? key;
// Arabic dates are written with Latin or Arabic-Indic digits depending on the region and on the browser's
// CLDR version; either is right for an Arabic reader, the words are what these tests pin.
const ARABIC_DIGITS = '[0-9٠-٩]';

describe('platform/time: relative times and day labels', () => {
  it('says "now" under 45 seconds, and a distance from 45 seconds on', () => {
    expect(relativeTime(ago(0), { now: NOW })).to.equal('now');
    expect(relativeTime(ago(44_999), { now: NOW })).to.equal('now');
    expect(relativeTime(ago(45_000), { now: NOW })).to.equal('1 minute ago');
    expect(relativeTime(ago(3 * MINUTE), { now: NOW })).to.equal('3 minutes ago');
    expect(relativeTime(ago(5 * HOUR), { now: NOW })).to.equal('5 hours ago');
  });

  it('steps up to hours, days, months and years where date-fns formatDistance did', () => {
    expect(relativeTime(ago(44 * MINUTE), { now: NOW })).to.equal('44 minutes ago');
    expect(relativeTime(ago(45 * MINUTE), { now: NOW })).to.equal('1 hour ago');
    expect(relativeTime(ago(23 * HOUR), { now: NOW })).to.equal('23 hours ago');
    expect(relativeTime(ago(DAY), { now: NOW })).to.equal('1 day ago');
    expect(relativeTime(ago(3 * DAY), { now: NOW })).to.equal('3 days ago');
    expect(relativeTime(ago(45 * DAY), { now: NOW })).to.equal('2 months ago');
    expect(relativeTime(ago(800 * DAY), { now: NOW })).to.equal('2 years ago');
  });

  it('treats a server clock slightly ahead as now, and further ahead as the future', () => {
    expect(relativeTime(new Date(NOW.getTime() + 10_000), { now: NOW })).to.equal('now');
    expect(relativeTime(new Date(NOW.getTime() + 2 * MINUTE), { now: NOW })).to.equal('in 2 minutes');
  });

  it('uses the language of the page', () => {
    expect(relativeTime(ago(3 * MINUTE), { now: NOW, locale: dateLocaleFor('fr_BE') })).to.equal('il y a 3 minutes');
    expect(relativeTime(ago(5 * HOUR), { now: NOW, locale: dateLocaleFor('fr') })).to.equal('il y a 5 heures');
    expect(relativeTime(ago(3 * MINUTE), { now: NOW, locale: dateLocaleFor('ar') })).to.match(new RegExp(`^قبل ${ARABIC_DIGITS} دقائق$`));
    expect(relativeTime(ago(MINUTE), { now: NOW, locale: dateLocaleFor('ar') })).to.equal('قبل دقيقة واحدة');
    expect(relativeTime(ago(1_000), { now: NOW, translate: french })).to.equal('maintenant');
  });

  it('labels today, yesterday, and older days by their long date', () => {
    expect(dayLabel(new Date(2024, 2, 5, 0, 0, 1), { now: NOW })).to.equal('Today');
    expect(dayLabel(new Date(2024, 2, 4, 23, 59, 59), { now: NOW })).to.equal('Yesterday');
    expect(dayLabel(new Date(2024, 2, 4, 0, 0), { now: NOW })).to.equal('Yesterday');
    expect(dayLabel(new Date(2024, 2, 3, 23, 59), { now: NOW })).to.equal('March 3, 2024');
  });

  it('writes long dates in French and Arabic', () => {
    const older = new Date(2024, 0, 17, 9, 0);
    expect(dayLabel(older, { now: NOW, locale: dateLocaleFor('fr-FR') })).to.equal('17 janvier 2024');
    expect(dayLabel(older, { now: NOW, locale: dateLocaleFor('ar') })).to.match(new RegExp(`^${ARABIC_DIGITS}{2} يناير ${ARABIC_DIGITS}{4}$`));
    expect(dayLabel(NOW, { now: NOW, locale: dateLocaleFor('fr'), translate: french })).to.equal("Aujourd'hui");
    expect(dayLabel(ago(DAY), { now: NOW, translate: french })).to.equal('Hier');
  });

  it('writes the full date and time of a moment for its tooltip', () => {
    const moment = new Date(2024, 0, 17, 9, 5);
    expect(dateTimeLabel(moment)).to.equal('Jan 17, 2024, 9:05 AM');
    expect(dateTimeLabel(moment, dateLocaleFor('fr'))).to.equal('17 janv. 2024, 09:05');
    expect(dateTimeLabel(moment, dateLocaleFor('ar'))).to.match(new RegExp(`${ARABIC_DIGITS}:${ARABIC_DIGITS}{2} ص$`));
  });

  it('gives an empty label, not an exception, for an invalid date or locale', () => {
    const invalid = new Date(Number.NaN);
    expect(relativeTime(invalid, { now: NOW })).to.equal('');
    expect(dayLabel(invalid, { now: NOW })).to.equal('');
    expect(dateTimeLabel(invalid)).to.equal('');
    expect(relativeTime(ago(3 * MINUTE), { now: NOW, locale: '%%' })).to.equal('3 minutes ago');
  });

  it('keeps the region of a translated language and falls back to US English otherwise', () => {
    expect(dateLocaleFor('fr_BE')).to.equal('fr-BE');
    expect(dateLocaleFor('ar_SY')).to.equal('ar-SY');
    expect(dateLocaleFor('en-gb')).to.equal('en-GB');
    expect(dateLocaleFor('fr_%%')).to.equal('fr');
    expect(dateLocaleFor('de_DE')).to.equal('en-US');
    expect(dateLocaleFor(undefined)).to.equal('en-US');
    // The region picks the local form: British English puts the day first.
    expect(dayLabel(new Date(2024, 0, 17), { now: NOW, locale: dateLocaleFor('en_GB') })).to.equal('17 January 2024');
  });
});
