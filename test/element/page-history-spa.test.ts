import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { followPages } from '../../src/element/page-history.js';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';

const HISTORY = 'im_livechat_history';

/** A cookie store for one page (the real jar is shared by the test files running at once). */
function cookieDocument() {
  let value: string | undefined;
  return {
    get cookie(): string {
      return value === undefined ? '' : `${HISTORY}=${value}`;
    },
    set cookie(line: string) {
      if (line.startsWith(`${HISTORY}=`)) value = line.slice(HISTORY.length + 1).split(';')[0];
    },
    pages: (): string[] => (value === undefined ? [] : (JSON.parse(decodeURIComponent(value)) as string[])),
  };
}

/** A window of a single-page app whose router calls pushState and replaceState and listens to popstate. */
function appWindow() {
  const target = new EventTarget();
  const location = { pathname: '/', search: '', hash: '' };
  const go = (url: string) => {
    const u = new URL(url, 'https://shop.example');
    Object.assign(location, { pathname: u.pathname, search: u.search, hash: u.hash });
  };
  const hostCalls: { self: unknown; args: unknown[] }[] = [];
  const history = {
    pushState(this: unknown, ...args: [unknown, string, string]) {
      hostCalls.push({ self: this, args });
      go(args[2]);
      return 'host result';
    },
    replaceState(this: unknown, ...args: [unknown, string, string]) {
      hostCalls.push({ self: this, args });
      go(args[2]);
      return 'host result';
    },
  };
  const win = { history, location, addEventListener: target.addEventListener.bind(target) } as unknown as Window;
  return { win, history: win.history, hostCalls, go, fire: (type: string) => target.dispatchEvent(new Event(type)) };
}

describe('page history in single-page apps', () => {
  it('records pushState, replaceState, popstate and hashchange navigations', () => {
    const doc = cookieDocument();
    const app = appWindow();
    followPages(true, app.win, doc);
    app.history.pushState({}, '', '/shop');
    app.history.replaceState({}, '', '/shop?sort=price');
    app.go('/');
    app.fire('popstate');
    app.go('/#faq');
    app.fire('hashchange');
    expect(doc.pages()).to.deep.equal(['/', '/shop', '/shop?sort=price', '/#faq']);
  });

  it("leaves the host's own pushState working: same this and arguments, its result returned, wrapped once", () => {
    const doc = cookieDocument();
    const app = appWindow();
    followPages(true, app.win, doc);
    followPages(true, app.win, doc);
    const state = { page: 2 };
    expect(app.history.pushState(state, '', '/page/2')).to.equal('host result');
    expect(app.hostCalls).to.have.length(1);
    expect(app.hostCalls[0]?.self).to.equal(app.history);
    expect(app.hostCalls[0]?.args).to.deep.equal([state, '', '/page/2']);
  });

  it('never throws into the host when cookies are refused, and lets the host see its own errors', () => {
    const refusing = {
      get cookie(): string {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
      set cookie(_line: string) {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    };
    const app = appWindow();
    followPages(true, app.win, refusing);
    expect(app.history.pushState({}, '', '/a')).to.equal('host result');
    const real = cookieDocument();
    followPages(true, window, real);
    expect(() => history.pushState({}, '', 'https://elsewhere.example/')).to.throw(DOMException);
  });

  it('follows the browser’s real history navigations', async () => {
    const doc = cookieDocument();
    const start = location.pathname + location.search;
    followPages(true, window, doc);
    try {
      history.pushState({}, '', '?spa=1');
      location.hash = 'section';
      await until(() => doc.pages().includes(`${start.split('?')[0]}?spa=1#section`), 'hashchange not recorded');
      expect(doc.pages()).to.include(`${start.split('?')[0]}?spa=1`);
    } finally {
      followPages(false);
      history.replaceState({}, '', start);
    }
  });

  it('turned off (a consent banner withdrawn), records nothing more, even after navigations', () => {
    const doc = cookieDocument();
    const app = appWindow();
    followPages(true, app.win, doc);
    followPages(false, app.win, doc);
    app.history.pushState({}, '', '/private');
    app.fire('popstate');
    expect(doc.pages()).to.deep.equal(['/']);
  });
});

describe('track-pages="false"', () => {
  let writes: string[] = [];
  before(async function warmUp() {
    // The React part compiles on first use in the test server.
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  const jar = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  beforeEach(() => {
    clearWidgetCookies();
    writes = [];
    // Counts this page's own cookie writes (other test files share the origin's cookies).
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => jar.get!.call(document) as string,
      set: (line: string) => {
        writes.push(line);
        jar.set!.call(document, line);
      },
    });
  });
  afterEach(() => {
    delete (document as { cookie?: string }).cookie;
    followPages(false);
    clearWidgetCookies();
  });

  it('writes no page-history cookie, on load, on navigation or once the chat is open', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'track-pages="false"');
    const start = location.pathname + location.search;
    await until(() => within(shadow(el)).queryByRole('button', { name: 'Chat with one of our collaborators' }), 'no button');
    history.pushState({}, '', '?after=1');
    history.replaceState({}, '', start);
    el.open();
    await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat never opened', 20_000);
    expect(writes.filter((w) => w.startsWith(`${HISTORY}=`) && !w.includes('max-age=-1'))).to.deep.equal([]);
  });

  it('without the attribute, the same page is recorded', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    await until(() => within(shadow(el)).queryByRole('button', { name: 'Chat with one of our collaborators' }), 'no button');
    expect(writes.some((w) => w.startsWith(`${HISTORY}=`) && !w.includes('max-age=-1'))).to.equal(true);
  });
});
