import { expect } from '@open-wc/testing';
import { bodyText } from '../../../src/platform/text/body-text.js';
import {
  DATA_URL_BLOB_THRESHOLD,
  DataUrlError,
  dataUrlToBlob,
  escapeHtml,
  humanSize,
  toDisplayableUrl,
} from '../../../src/platform/text/index.js';

describe('platform/text: human sizes', () => {
  it('shows bytes up to yottabytes with two decimals, base 1024', () => {
    expect(humanSize(0)).to.equal('0.00 Bytes');
    expect(humanSize(512)).to.equal('512.00 Bytes');
    expect(humanSize(1023)).to.equal('1023.00 Bytes');
    expect(humanSize(1024)).to.equal('1.00 Kb');
    expect(humanSize(1536)).to.equal('1.50 Kb');
    expect(humanSize(5 * 1024 ** 2)).to.equal('5.00 Mb');
    expect(humanSize(1024 ** 3)).to.equal('1.00 Gb');
    expect(humanSize(2.25 * 1024 ** 4)).to.equal('2.25 Tb');
    expect(humanSize(1024 ** 5)).to.equal('1.00 Pb');
    expect(humanSize(1024 ** 6)).to.equal('1.00 Eb');
    expect(humanSize(1024 ** 7)).to.equal('1.00 Zb');
    expect(humanSize(1024 ** 8)).to.equal('1.00 Yb');
    expect(humanSize(2048 * 1024 ** 8)).to.equal('2048.00 Yb');
  });

  it('translates the unit through units.size', () => {
    const calls: unknown[] = [];
    const text = humanSize(1536, (key, values) => {
      calls.push([key, values]);
      return 'Ko';
    });
    expect(text).to.equal('1.50 Ko');
    expect(calls).to.deep.equal([['units.size', { unit: 'Kb' }]]);
  });

  it('refuses what is not a byte count', () => {
    expect(() => humanSize(-1)).to.throw(RangeError);
    expect(() => humanSize(Number.NaN)).to.throw(RangeError);
    expect(() => humanSize(Number.POSITIVE_INFINITY)).to.throw(RangeError);
  });
});

describe('platform/text: HTML escaping', () => {
  it('escapes the characters that open markup or close attributes', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & \`t\``)).to.equal(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; &#96;t&#96;',
    );
    expect(escapeHtml('plain text, déjà vu')).to.equal('plain text, déjà vu');
  });

  it('round-trips through the browser parser as the same text', () => {
    const text = `<b>"quoted" & 'single'</b>`;
    const div = document.createElement('div');
    div.innerHTML = `<span title="${escapeHtml(text)}">${escapeHtml(text)}</span>`;
    expect(div.textContent).to.equal(text);
    expect(div.querySelector('span')!.title).to.equal(text);
    expect(div.querySelector('b')).to.equal(null);
  });
});

describe('platform/text: large data URLs', () => {
  const pngHeader = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

  function base64DataUrl(bytes: Uint8Array, type: string): string {
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return `data:${type};base64,${btoa(binary)}`;
  }

  it('keeps a small data URL as it is', () => {
    const url = base64DataUrl(new Uint8Array(pngHeader), 'image/png');
    const shown = toDisplayableUrl(url);
    expect(shown).to.include({ url, isObjectUrl: false });
    shown.release();
    expect(toDisplayableUrl('https://example.com/a.png')).to.include({ url: 'https://example.com/a.png', isObjectUrl: false });
  });

  it('turns a data URL over 2 MB into an object URL with the same bytes and type', async () => {
    const bytes = new Uint8Array(1_700_000);
    bytes.set(pngHeader);
    for (let i = pngHeader.length; i < bytes.length; i += 1) bytes[i] = (i * 31) % 256;
    const url = base64DataUrl(bytes, 'image/png');
    expect(url.length).to.be.above(DATA_URL_BLOB_THRESHOLD);
    const shown = toDisplayableUrl(url);
    expect(shown.isObjectUrl).to.equal(true);
    expect(shown.url).to.match(/^blob:/);
    const response = await fetch(shown.url);
    expect(response.headers.get('content-type')).to.equal('image/png');
    const back = new Uint8Array(await response.arrayBuffer());
    expect(back.length).to.equal(bytes.length);
    expect(back.every((b, i) => b === bytes[i])).to.equal(true);
    shown.release();
    let fetchedAfterRelease = true;
    try {
      await fetch(shown.url);
    } catch {
      fetchedAfterRelease = false;
    }
    expect(fetchedAfterRelease).to.equal(false);
  });

  it('decodes percent-encoded data URLs and refuses malformed ones', async () => {
    expect(await dataUrlToBlob('data:text/plain;charset=utf-8,d%C3%A9j%C3%A0%20vu').text()).to.equal('déjà vu');
    expect(() => dataUrlToBlob('data:image/png;base64,@@@')).to.throw(DataUrlError);
    expect(() => dataUrlToBlob('data:text/plain,%E0%A4%A')).to.throw(DataUrlError);
    expect(() => dataUrlToBlob('not a data url')).to.throw(DataUrlError);
  });
});

describe('platform/text: the plain text of a message body', () => {
  it('keeps the words, collapses white space and runs nothing', () => {
    (window as unknown as { bodyTextRan?: boolean }).bodyTextRan = false;
    const text = bodyText('<p>Hello   <b>there</b><br/>friend</p><img src=x onerror="window.bodyTextRan = true">');
    expect(text).to.equal('Hello therefriend');
    expect((window as unknown as { bodyTextRan?: boolean }).bodyTextRan).to.equal(false);
  });
});
