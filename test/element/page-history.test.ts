import { expect } from '@open-wc/testing';
import { createCookieJar } from '../../src/platform/cookies/cookie-jar.js';
import { recordCurrentPage } from '../../src/element/page-history.js';

/** A cookie store that behaves like `document.cookie` for one path (a test double: the real jar is per origin and shared by the test files running at once). */
function cookieDocument() {
  const values = new Map<string, string>();
  const maxAges = new Map<string, number>();
  return {
    values,
    maxAges,
    get cookie(): string {
      return [...values].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const maxAge = Number(attributes.find((a) => a.startsWith('max-age='))?.slice(8));
      if (maxAge < 0) values.delete(pair.slice(0, eq));
      else values.set(pair.slice(0, eq), pair.slice(eq + 1));
      maxAges.set(pair.slice(0, eq), maxAge);
    },
  };
}

describe('page history at script load', () => {
  it('adds path, query and fragment once, keeps 15 paths for one day, in the cookie jar format', () => {
    const doc = cookieDocument();
    const jar = createCookieJar(doc);
    jar.set('im_livechat_history', Array.from({ length: 15 }, (_, i) => `/p${i}`), 86400);
    recordCurrentPage(doc, { pathname: '/shop', search: '?x=1', hash: '#top' });
    recordCurrentPage(doc, { pathname: '/shop', search: '?x=1', hash: '#top' });
    const history = jar.get<string[]>('im_livechat_history') ?? [];
    expect(history).to.have.length(15);
    expect(history[0]).to.equal('/p1');
    expect(history[14]).to.equal('/shop?x=1#top');
    expect(doc.maxAges.get('im_livechat_history')).to.equal(86400);
  });

  it('continues a history the reference widget wrote as raw JSON, and starts over from garbage', () => {
    const doc = cookieDocument();
    doc.values.set('im_livechat_history', '["/a","/b"]');
    recordCurrentPage(doc, { pathname: '/c', search: '', hash: '' });
    expect(createCookieJar(doc).get('im_livechat_history')).to.deep.equal(['/a', '/b', '/c']);
    doc.values.set('im_livechat_history', '%7Bnot json');
    recordCurrentPage(doc, { pathname: '/d', search: '', hash: '' });
    expect(createCookieJar(doc).get('im_livechat_history')).to.deep.equal(['/d']);
  });

  it('never throws into the host page when cookies are refused', () => {
    const refusing = {
      get cookie(): string {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
      set cookie(_line: string) {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    };
    expect(() => recordCurrentPage(refusing, { pathname: '/', search: '', hash: '' })).not.to.throw();
  });
});
