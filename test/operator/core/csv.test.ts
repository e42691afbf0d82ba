import { expect } from '@open-wc/testing';
import { CSV_BOM, csvField, toCsv } from '../../../src/operator/core/csv.js';
import { parseCsv as parse } from '../../support/parse-csv.js';

/** Parses RFC 4180 text back into rows (the BOM dropped), as a spreadsheet would. */
describe('CSV writer', () => {
  it('writes a BOM, a header row and CRLF after every record', () => {
    expect(toCsv(['a', 'b'], [[1, 'x'], [null, 2.5]])).to.equal(`${CSV_BOM}a,b\r\n1,x\r\n,2.5\r\n`);
  });

  it('quotes fields with a comma, a quote or a line break and doubles the quotes', () => {
    expect(csvField('a,b')).to.equal('"a,b"');
    expect(csvField('say "hi"')).to.equal('"say ""hi"""');
    expect(csvField('two\nlines')).to.equal('"two\nlines"');
    expect(csvField('cr\r')).to.equal('"cr\r"');
    expect(csvField('plain')).to.equal('plain');
  });

  it('prefixes a text a spreadsheet would run as a formula with a single quote (OWASP CSV injection)', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).to.equal(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+1')).to.equal("'+1");
    expect(csvField('-2+3')).to.equal("'-2+3");
    expect(csvField('@SUM(A1)')).to.equal("'@SUM(A1)");
    expect(csvField('\t=1')).to.equal("'\t=1");
    expect(csvField('a=b')).to.equal('a=b');
  });

  it('writes numbers as they are, negative ones included, and nothing for a non-finite one', () => {
    expect(csvField(-3)).to.equal('-3');
    expect(csvField(0.25)).to.equal('0.25');
    expect(csvField(Number.NaN)).to.equal('');
    expect(csvField(Number.POSITIVE_INFINITY)).to.equal('');
  });

  it('reads back the same hostile cells: control characters, __proto__, Arabic and emoji', () => {
    const cells = ['__proto__', 'a\u0000b', 'مرحبا, "صديقي"', '😊\r\n😞', '=1+1'];
    const parsed = parse(toCsv(['x'], cells.map((c) => [c])));
    expect(parsed.slice(1).map((r) => r[0])).to.deep.equal(['__proto__', 'a\u0000b', 'مرحبا, "صديقي"', '😊\r\n😞', "'=1+1"]);
  });
});
