import { expect } from '@open-wc/testing';
import { createCookieJar, createLivechatCookies, CookieError, DEFAULT_COOKIE_MAX_AGE, type CookieDocument } from '../../../src/platform/cookies/index.js';
import type { LivechatSession } from '../../../src/protocol/livechat.js';

const NOW = Date.UTC(2024, 0, 15, 10, 30, 0);

/** The real document.cookie, with every write also recorded so that the written attributes can be checked. */
function recordingDocument(): CookieDocument & { writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return document.cookie;
    },
    set cookie(value: string) {
      writes.push(value);
      document.cookie = value;
    },
  };
}

// Test files run in parallel pages of one origin, which share cookies: this file only ever touches these.
const NAMES = ['prefs', 'short', 'gone', 'ok', 'broken', 'garbage', 'xim_livechat_history', 'im_livechat_session', 'im_livechat_history', 'im_livechat_auto_popup', 'im_livechat_previous_operator_pid'];

function clearCookies(): void {
  for (const name of NAMES) document.cookie = `${name}=;path=/;max-age=-1`;
}

describe('platform/cookies: cookie jar', () => {
  beforeEach(clearCookies);
  afterEach(clearCookies);

  it('writes name=value;path=/;max-age;expires with a one-year default', () => {
    const doc = recordingDocument();
    const jar = createCookieJar(doc, () => NOW);
    jar.set('prefs', 3);
    expect(DEFAULT_COOKIE_MAX_AGE).to.equal(31_536_000);
    expect(doc.writes).to.deep.equal([`prefs=3;path=/;max-age=31536000;expires=${new Date(NOW + 31_536_000_000).toUTCString()}`]);
    expect(doc.writes[0]).to.match(/expires=Tue, 14 Jan 2025 10:30:00 GMT$/);
    expect(jar.get('prefs')).to.equal(3);
  });

  it('keeps the given lifetime', () => {
    const doc = recordingDocument();
    createCookieJar(doc, () => NOW).set('short', true, 3600);
    expect(doc.writes[0]).to.equal('short=true;path=/;max-age=3600;expires=Mon, 15 Jan 2024 11:30:00 GMT');
  });

  it('reads back values with spaces, commas, quotes, semicolons, = and non-ASCII text exactly', () => {
    const doc = recordingDocument();
    const jar = createCookieJar(doc);
    const value = { name: 'Visitor (Belgium), Zoë "Ünïcode"; 李小龍 = ok', operator_pid: [3, 'Mitchell Admin'], folded: false };
    jar.set('im_livechat_session', value);
    const written = doc.writes[0]!.split(';')[0]!;
    expect(written).not.to.match(/[\s",]/);
    expect(jar.get('im_livechat_session')).to.deep.equal(value);
  });

  it('does not confuse a cookie with another whose name ends the same', () => {
    document.cookie = 'xim_livechat_history=1;path=/';
    const jar = createCookieJar();
    jar.set('im_livechat_history', ['/a']);
    expect(jar.get('im_livechat_history')).to.deep.equal(['/a']);
    expect(jar.get('xim_livechat_history')).to.equal(1);
  });

  it('reads a legacy raw JSON value as the reference widget wrote it', () => {
    document.cookie =
      'im_livechat_session={"folded":false,"id":42,"message_unread_counter":0,"operator_pid":[3,"Mitchell Admin"],"name":"Visitor (Belgium) Mitchell Admin","uuid":"1b2c7a55"};path=/';
    const jar = createCookieJar();
    expect(jar.get('im_livechat_session')).to.deep.equal({
      folded: false,
      id: 42,
      message_unread_counter: 0,
      operator_pid: [3, 'Mitchell Admin'],
      name: 'Visitor (Belgium) Mitchell Admin',
      uuid: '1b2c7a55',
    });
  });

  it('answers undefined for an absent or unreadable cookie', () => {
    document.cookie = 'broken=%E0%A4%A;path=/';
    document.cookie = 'garbage=not json;path=/';
    const jar = createCookieJar();
    expect(jar.get('absent')).to.equal(undefined);
    expect(jar.get('broken')).to.equal(undefined);
    expect(jar.get('garbage')).to.equal(undefined);
  });

  it('deletes a cookie', () => {
    const doc = recordingDocument();
    const jar = createCookieJar(doc, () => NOW);
    jar.set('gone', 'soon');
    jar.delete('gone');
    expect(doc.writes[1]).to.match(/^gone=;path=\/;max-age=-1;expires=/);
    expect(jar.get('gone')).to.equal(undefined);
    expect(document.cookie).not.to.contain('gone=');
  });

  it('rejects names the browser would mangle and values without a JSON form', () => {
    const jar = createCookieJar();
    expect(() => jar.set('bad name', 1)).to.throw(CookieError).with.property('code', 'invalid_name');
    expect(() => jar.set('ok', 10n)).to.throw(CookieError).with.property('code', 'not_serialisable');
    expect(() => jar.set('ok', undefined)).to.throw(CookieError).with.property('code', 'not_serialisable');
    expect(document.cookie).not.to.match(/(^|; )(bad name|ok)=/);
  });
});

const page = (path: string): string => {
  const url = new URL(path, 'https://shop.example.com');
  return url.pathname + url.search + url.hash;
};

const session: LivechatSession = {
  id: 42,
  uuid: '1b2c7a55-0000',
  name: 'Visitor (Belgium) Zoë Müller, Sales',
  operator_pid: [3, 'Zoë Müller, Sales'],
  state: 'open',
  folded: false,
  message_unread_counter: 2,
};

describe('platform/cookies: live chat cookies', () => {
  beforeEach(clearCookies);
  afterEach(clearCookies);

  it('keeps the session for one hour with its case and accents intact', () => {
    const doc = recordingDocument();
    const cookies = createLivechatCookies(createCookieJar(doc));
    cookies.writeSession({ ...session, extra: 'dropped' } as LivechatSession);
    expect(doc.writes[0]).to.match(/^im_livechat_session=[^;]+;path=\/;max-age=3600;expires=/);
    expect(cookies.readSession()).to.deep.equal(session);
    cookies.clearSession();
    expect(cookies.readSession()).to.equal(undefined);
  });

  it('restores the fold state from a legacy state key', () => {
    document.cookie = 'im_livechat_session={"id":7,"uuid":"u-7","operator_pid":[3,"Ann"],"name":"Visitor","state":"folded"};path=/';
    const restored = createLivechatCookies(createCookieJar()).readSession();
    expect(restored).to.include({ folded: true, state: 'folded', message_unread_counter: 0 });
  });

  it('ignores a session cookie that is not shaped like a session', () => {
    const jar = createCookieJar();
    const cookies = createLivechatCookies(jar);
    jar.set('im_livechat_session', { uuid: 'x' });
    expect(cookies.readSession()).to.equal(undefined);
    jar.set('im_livechat_session', 'text');
    expect(cookies.readSession()).to.equal(undefined);
  });

  it('turns the auto-popup off for one hour', () => {
    const doc = recordingDocument();
    const cookies = createLivechatCookies(createCookieJar(doc));
    expect(cookies.isAutoPopupAllowed()).to.equal(true);
    cookies.disableAutoPopup();
    expect(doc.writes[0]).to.match(/^im_livechat_auto_popup=false;path=\/;max-age=3600;/);
    expect(cookies.isAutoPopupAllowed()).to.equal(false);
  });

  it('remembers the previous operator for seven days', () => {
    const doc = recordingDocument();
    const cookies = createLivechatCookies(createCookieJar(doc));
    expect(cookies.readPreviousOperator()).to.equal(undefined);
    cookies.writePreviousOperator(3);
    expect(doc.writes[0]).to.match(/^im_livechat_previous_operator_pid=3;path=\/;max-age=604800;/);
    expect(cookies.readPreviousOperator()).to.equal(3);
  });

  it('records each new page with query and hash for one day, once', () => {
    const doc = recordingDocument();
    const cookies = createLivechatCookies(createCookieJar(doc));
    cookies.recordPageVisit(page('/shop?category=chairs,tables#top'));
    cookies.recordPageVisit(page('/contact'));
    cookies.recordPageVisit(page('/shop?category=chairs,tables#top'));
    expect(cookies.readPageHistory()).to.deep.equal(['/shop?category=chairs,tables#top', '/contact']);
    expect(doc.writes).to.have.length(2);
    expect(doc.writes[0]).to.match(/^im_livechat_history=[^;]+;path=\/;max-age=86400;/);
  });

  it('keeps the 15 most recent pages, dropping the oldest', () => {
    const cookies = createLivechatCookies(createCookieJar());
    for (let i = 1; i <= 17; i += 1) cookies.recordPageVisit(page(`/page-${i}`));
    const history = cookies.readPageHistory();
    expect(history).to.have.length(15);
    expect(history[0]).to.equal('/page-3');
    expect(history[14]).to.equal('/page-17');
  });

  it('sheds old pages rather than let the browser drop an oversized cookie', () => {
    const cookies = createLivechatCookies(createCookieJar());
    const long = 'q'.repeat(900);
    for (let i = 1; i <= 6; i += 1) cookies.recordPageVisit(page(`/p${i}?${long}`));
    const history = cookies.readPageHistory();
    expect(history.length).to.be.within(2, 5);
    expect(history.at(-1)).to.equal(`/p6?${long}`);
  });
});
