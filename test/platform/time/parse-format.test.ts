import { expect } from '@open-wc/testing';
import {
  formatDate,
  formatDatetime,
  formatTime,
  formatTimeValue,
  parseAnyTimeValue,
  parseDate,
  parseDatetime,
  parseTime,
  parseTimeValue,
  TimeValueError,
} from '../../../src/platform/time/index.js';

/** Narrows a parse result: these inputs are not empty, so anything but a Date is a failure. */
function at(value: unknown): Date {
  if (!(value instanceof Date)) throw new Error(`expected a Date, got ${String(value)}`);
  return value;
}

function errorOf(run: () => unknown): TimeValueError {
  try {
    run();
  } catch (error) {
    if (error instanceof TimeValueError) return error;
    throw error;
  }
  throw new Error('expected a TimeValueError');
}

describe('platform/time: parsing and formatting wire values', () => {
  it('reads a date as local midnight', () => {
    expect(at(parseDate('2024-03-05')).getTime()).to.equal(new Date(2024, 2, 5).getTime());
  });

  it('reads a datetime as UTC, with or without a fraction of a second', () => {
    expect(at(parseDatetime('2024-03-05 12:34:56')).getTime()).to.equal(Date.UTC(2024, 2, 5, 12, 34, 56));
    expect(at(parseDatetime('2024-03-05 12:34:56.5')).getTime()).to.equal(Date.UTC(2024, 2, 5, 12, 34, 56, 500));
    expect(at(parseDatetime('2024-03-05 12:34:56.123987')).getTime()).to.equal(Date.UTC(2024, 2, 5, 12, 34, 56, 123));
  });

  it('reads a time as that local time on 1970-01-01', () => {
    expect(at(parseTime('08:09:10')).getTime()).to.equal(new Date(1970, 0, 1, 8, 9, 10).getTime());
    expect(at(parseTime('23:59:59.07')).getTime()).to.equal(new Date(1970, 0, 1, 23, 59, 59, 70).getTime());
  });

  it('keeps years below 100 as written', () => {
    expect(at(parseDatetime('0042-01-01 00:00:00')).getUTCFullYear()).to.equal(42);
  });

  it('returns empty input unchanged', () => {
    expect(parseDate('')).to.equal('');
    expect(parseDatetime(false)).to.equal(false);
    expect(parseTime(null)).to.equal(null);
    expect(parseAnyTimeValue(undefined)).to.equal(undefined);
  });

  it('rejects anything else with the spec texts', () => {
    expect(errorOf(() => parseDate('2024-3-05'))).to.include({ code: 'invalid_date', message: "'2024-3-05' is not a valid date" });
    expect(errorOf(() => parseDate('2024-02-30')).message).to.equal("'2024-02-30' is not a valid date");
    expect(errorOf(() => parseDatetime('2024-03-05T12:34:56')).message).to.equal("'2024-03-05T12:34:56' is not a valid datetime");
    expect(errorOf(() => parseDatetime('2024-03-05 24:00:00')).code).to.equal('invalid_datetime');
    expect(errorOf(() => parseTime('8:09:10')).message).to.equal("'8:09:10' is not a valid time");
    expect(errorOf(() => parseTime('12:60:00')).code).to.equal('invalid_time');
  });

  it('anchors its patterns: no text before or after a valid value passes', () => {
    expect(() => parseDate('x2024-03-05')).to.throw(TimeValueError);
    expect(() => parseDate('2024-03-05x')).to.throw(TimeValueError);
    expect(() => parseDate('2024-03-05\n')).to.throw(TimeValueError);
    expect(() => parseDatetime('2024-03-05 12:34:56 UTC')).to.throw(TimeValueError);
    expect(() => parseTime('12:34:56.')).to.throw(TimeValueError);
  });

  it('detects the kind of a value, datetime first', () => {
    expect(parseAnyTimeValue('2024-03-05 12:00:00')).to.deep.equal({ type: 'datetime', date: new Date(Date.UTC(2024, 2, 5, 12)) });
    expect(parseAnyTimeValue('2024-03-05')).to.deep.equal({ type: 'date', date: new Date(2024, 2, 5) });
    expect(parseAnyTimeValue('12:00:00')).to.deep.equal({ type: 'time', date: new Date(1970, 0, 1, 12) });
    const error = errorOf(() => parseAnyTimeValue('yesterday'));
    expect(error.code).to.equal('not_a_date_time');
    expect(error.message).to.equal("'yesterday' is not a correct date, datetime nor time");
    expect(error.text).to.deep.equal({ key: 'errors.notADateTime', values: { value: 'yesterday' } });
  });

  it('refuses unknown type names', () => {
    const error = errorOf(() => parseTimeValue('month', '2024-03'));
    expect(error.message).to.equal("'month' is not convertible to date, datetime nor time");
    expect(error.text).to.deep.equal({ key: 'errors.notConvertible', values: { type: 'month' } });
    expect(errorOf(() => formatTimeValue('duration', new Date())).code).to.equal('not_convertible');
    expect(parseTimeValue('date', '2024-03-05')).to.deep.equal(new Date(2024, 2, 5));
  });

  it('writes datetimes back in UTC without a fraction, and dates and times in local time', () => {
    const moment = new Date(Date.UTC(2024, 11, 31, 23, 5, 9, 999));
    expect(formatDatetime(moment)).to.equal('2024-12-31 23:05:09');
    expect(formatDate(new Date(2024, 0, 2, 23, 59))).to.equal('2024-01-02');
    expect(formatTime(new Date(1970, 0, 1, 7, 8, 9))).to.equal('07:08:09');
    expect(formatTime(new Date(2024, 5, 1, 0, 0, 0))).to.equal('00:00:00');
    expect(formatDate(at(parseDate('0042-03-09')))).to.equal('0042-03-09');
    expect(formatTimeValue('datetime', parseDatetime('2001-02-03 04:05:06.789'))).to.equal('2001-02-03 04:05:06');
    expect(formatDatetime(undefined)).to.equal(false);
  });

  it('refuses an invalid Date with a typed error', () => {
    expect(errorOf(() => formatDatetime(new Date(Number.NaN))).code).to.equal('invalid_datetime');
    expect(errorOf(() => formatDate(new Date(Number.NaN))).code).to.equal('invalid_date');
  });
});
