import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { VisitorCard } from '../../../../src/protocol/visitor.js';
import { loadTranslator, type Locale } from '../../../../src/platform/i18n/index.js';
import { FixedNowContext } from '../../../../src/ui/shared/minute-clock.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import { VisitorCardPanel } from '../../../../src/operator/features/visitor/visitor-card.js';
import { reactMount, consoleAxe } from '../../support.js';
import { createStore } from 'jotai/vanilla';
import { decodeConsoleNotification } from '../../../../src/operator/core/console-bus.js';
import { deskEventAtom, visitorCardVersionAtom } from '../../../../src/operator/desk/desk-atoms.js';
import { handleDeskBusEvent } from '../../../../src/operator/desk/desk-bus-events.js';

const CARD: VisitorCard = {
  session_id: 7,
  name: 'Grace',
  name_verified: false,
  email: 'grace@example.org',
  email_verified: false,
  identity: 'unverified',
  visitor_id: null,
  context: [
    ['plan', 'Pro'],
    ['order', 'A-1001'],
  ],
  pages: ['/', '/pricing'],
  browser: { name: 'Firefox', version: '128.0' },
  os: { name: 'Windows', version: '10' },
  language: 'fr-BE',
  time_zone: 'Asia/Tokyo',
  earlier_conversations: 2,
};
// 12:00 UTC is 21:00 in Tokyo.
const NOW = new Date(Date.UTC(2024, 4, 15, 12, 0));

/** The card's value for a label, as a person reads the description list. */
function valueOf(host: HTMLElement, label: string): string | undefined {
  const term = [...host.querySelectorAll('dt')].find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent ?? undefined;
}

describe('visitor card in the console', () => {
  const dom = reactMount();

  async function render(load: (id: number) => Promise<VisitorCard>, version = 0, lang: Locale = 'en') {
    const translator = await loadTranslator(lang);
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <FixedNowContext.Provider value={NOW}>
            <VisitorCardPanel load={load} sessionId={7} version={version} />
          </FixedNowContext.Provider>
        </TextProvider>,
      ),
    );
  }

  it('shows who the visitor is, how far it is trusted, the site’s context, browser, system, language and local time', async () => {
    await render(async () => CARD);
    const card = within(dom.host).getByRole('region', { name: 'About the visitor' });
    await waitUntil(() => card.querySelector('dl'));
    expect(valueOf(card, 'Name')).to.equal('Grace (unverified)');
    expect(valueOf(card, 'E-mail')).to.equal('grace@example.org (unverified)');
    expect(valueOf(card, 'Identity')).to.equal('Unverified: given by the site or the visitor');
    expect(valueOf(card, 'plan')).to.equal('Pro');
    expect(valueOf(card, 'order')).to.equal('A-1001');
    expect(valueOf(card, 'Browser')).to.equal('Firefox 128.0');
    expect(valueOf(card, 'Operating system')).to.equal('Windows 10');
    expect(valueOf(card, 'Language')).to.equal('French (Belgium)');
    expect(valueOf(card, 'Current page'), 'the last page the visitor saw').to.equal('/pricing');
    expect(valueOf(card, 'Local time')).to.match(/^Wed 9:00\sPM \(Asia\/Tokyo\)$/);
    expect(valueOf(card, 'Earlier conversations')).to.equal('2');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('marks as verified only the fields a token signed: a verified id does not make its name or e-mail verified', async () => {
    await render(async () => ({ ...CARD, identity: 'verified', visitor_id: 'customer-42', name: 'The CEO', email: 'ceo@bigcorp.test' }));
    await waitUntil(() => dom.host.querySelector('dl'));
    expect(valueOf(dom.host, 'Name')).to.equal('The CEO (unverified)');
    expect(valueOf(dom.host, 'E-mail')).to.equal('ceo@bigcorp.test (unverified)');
    expect(valueOf(dom.host, 'Identity')).to.equal('Verified user customer-42');
  });

  it('marks a token’s name and e-mail as verified; unknown facts read Unknown', async () => {
    const verified = { name_verified: true, email_verified: true };
    await render(async () => ({ ...CARD, ...verified, identity: 'verified', visitor_id: 'customer-42', browser: null, os: null, language: null, time_zone: null, earlier_conversations: 0, context: [], pages: [] }));
    await waitUntil(() => dom.host.querySelector('dl'));
    expect(valueOf(dom.host, 'Name')).to.equal('Grace (verified)');
    expect(valueOf(dom.host, 'E-mail')).to.equal('grace@example.org (verified)');
    expect(valueOf(dom.host, 'Identity')).to.equal('Verified user customer-42');
    expect(valueOf(dom.host, 'Browser')).to.equal('Unknown');
    expect(valueOf(dom.host, 'Local time')).to.equal('Unknown');
    expect(valueOf(dom.host, 'Current page')).to.equal('Unknown');
    expect(valueOf(dom.host, 'Earlier conversations')).to.equal('None');
  });

  it('context values from the host page are shown as text, never as markup', async () => {
    await render(async () => ({ ...CARD, context: [['<img src=x onerror=alert(1)>', '<b>bold</b>']] }));
    await waitUntil(() => dom.host.querySelector('dl'));
    expect(valueOf(dom.host, '<img src=x onerror=alert(1)>')).to.equal('<b>bold</b>');
    expect(dom.host.querySelectorAll('img, b').length).to.equal(0);
  });

  it('reads the card again when the visitor says more, and says so when it cannot be read', async () => {
    const names = ['Visitor', 'Linus'];
    let calls = 0;
    const load = async () => ({ ...CARD, name: names[calls++] ?? 'Linus' });
    await render(load, 0);
    await waitUntil(() => valueOf(dom.host, 'Name') === 'Visitor (unverified)');
    await render(load, 1);
    await waitUntil(() => valueOf(dom.host, 'Name') === 'Linus (unverified)');
    await render(() => Promise.reject(new Error('offline')), 2);
    await waitUntil(() => within(dom.host).queryByRole('alert'));
    expect(within(dom.host).getByRole('alert').textContent).to.equal('The visitor details could not be loaded: offline');
  });

  for (const lang of ['fr', 'ar'] as const) {
    it(`reads in ${lang} with no accessibility violation`, async () => {
      await render(async () => CARD, 0, lang);
      await waitUntil(() => dom.host.querySelector('dl'));
      expect(dom.host.querySelector('dt')?.textContent).to.not.equal('Name');
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
    });
  }
});

describe('visitor updates on the console bus', () => {
  it('are read from the session channel only, and reload the list and the open conversation with its card', () => {
    const updated = { info: 'visitor_updated', session_id: 7, name: 'Linus' };
    expect(decodeConsoleNotification({ id: 1, channel: 'livechat.session.7', message: updated }, 3)).to.deep.equal({ kind: 'visitor_updated', sessionId: 7 });
    expect(decodeConsoleNotification({ id: 2, channel: 'livechat.session.8', message: updated }, 3).kind, 'another session’s channel').to.equal('ignored');
    expect(decodeConsoleNotification({ id: 3, channel: 'livechat.session.7', message: { ...updated, session_id: '7' } }, 3).kind).to.equal('ignored');

    const store = createStore();
    const summary = { id: 7, channel_id: 1, visitor_name: 'Visitor', origin: 'chat' as const, created_at: 0, closed_at: null, last_message: null, unread: 0, waiting_since: null };
    store.set(deskEventAtom, { type: 'listed', conversations: [summary] });
    const reloaded: string[] = [];
    const actions = { store, reloadList: () => reloaded.push('list'), reloadOpen: (id: number) => reloaded.push(`open ${id}`), showNotice() {}, t: (k: string) => k, announced: new Map<number, string>() };
    handleDeskBusEvent({ kind: 'visitor_updated', sessionId: 7 }, actions);
    expect(reloaded).to.deep.equal(['list']);
    expect(store.get(visitorCardVersionAtom), 'no card open').to.equal(0);
    store.set(deskEventAtom, { type: 'selected', id: 7 });
    store.set(deskEventAtom, { type: 'opened', detail: { ...summary, messages: [], page_history: null, rating: null, reply_email: null } });
    handleDeskBusEvent({ kind: 'visitor_updated', sessionId: 7 }, actions);
    expect(reloaded).to.deep.equal(['list', 'list', 'open 7']);
    expect(store.get(visitorCardVersionAtom)).to.equal(1);
  });
});
