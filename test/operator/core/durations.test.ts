import { expect } from '@open-wc/testing';
import { formatDuration } from '../../../src/operator/core/durations.js';

describe('durations for people', () => {
  it('writes at most two units, the larger ones first', () => {
    expect(formatDuration(400, 'en')).to.equal('0.4 sec');
    expect(formatDuration(42_000, 'en')).to.equal('42 sec');
    expect(formatDuration(200_000, 'en')).to.equal('3 min 20 sec');
    expect(formatDuration(3_900_000, 'en')).to.equal('1 hr 5 min');
    expect(formatDuration(2 * 86_400_000 + 4 * 3_600_000 + 59_000, 'en')).to.equal('2 days 4 hr');
  });

  it('never writes "60" of a smaller unit', () => {
    expect(formatDuration(2 * 3_600_000 - 20_000, 'en')).to.equal('1 hr 59 min');
  });

  it('writes in the console\'s language, and English for a tag that is no locale', () => {
    const fr = (n: number, unit: string) => new Intl.NumberFormat('fr', { style: 'unit', unit, unitDisplay: 'short' }).format(n);
    expect(formatDuration(200_000, 'fr')).to.equal(new Intl.ListFormat('fr', { type: 'unit', style: 'narrow' }).format([fr(3, 'minute'), fr(20, 'second')]));
    expect(formatDuration(200_000, 'fr')).to.match(/^3.min.20.s$/);
    expect(formatDuration(42_000, 'ar')).to.equal(new Intl.NumberFormat('ar', { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(42));
    expect(formatDuration(42_000, 'not a tag!')).to.equal('42 sec');
  });
});
