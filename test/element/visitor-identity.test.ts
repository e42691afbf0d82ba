import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import type { LiveChatElement } from '../../src/element/live-chat-element.js';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, mountWidget, recordEvents, scriptedServer, shadow, until } from './support.js';
import { GET_SESSION_ROUTE, VISITOR_UPDATE_ROUTE } from '../../src/protocol/routes.js';

const BUTTON = 'Chat with one of our collaborators';
const HASH = 'c0ffee'.padEnd(64, '0');
/** A token as the host's server signs it; the widget reads its `sub` only to tell visitors apart (the server verifies it). */
const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: 'u-1', name: 'Ada', exp: 2_000_000_000 })).replace(/=+$/, '')}.c2lnbmF0dXJl`;

async function openChat(el: LiveChatElement) {
  const button = await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button');
  button.click();
  return until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat window never opened');
}

/** What each conversation request told the server about the visitor. */
async function visitorFields(server: Awaited<ReturnType<typeof scriptedServer>>, route = GET_SESSION_ROUTE) {
  return (await server.calls(route)).map(({ params: { visitor_id, visitor_hash, visitor_token, visitor_name, visitor_email, context } }) =>
    JSON.parse(JSON.stringify({ visitor_id, visitor_hash, visitor_token, visitor_name, visitor_email, context })) as Record<string, unknown>,
  );
}

const errorsOf = (rec: ReturnType<typeof recordEvents>) => rec.of('livechat:error') as { code: string; message: string }[];
const widgetCookies = () => document.cookie.split(';').filter((c) => c.trim().startsWith('im_livechat_'));

describe('<live-chat> knows who is asking', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('visitor-name, visitor-email and visitor-context go with the conversation; the pre-chat form is skipped', async () => {
    const server = await scriptedServer({ options: { prechat_form: 'name_email' } });
    const el = await mountWidget(server.url, `visitor-name="Ada Lovelace" visitor-email="ada@example.com" visitor-context='{"plan":"Pro","order":"A-17"}'`);
    const dialog = await openChat(el);
    expect(within(dialog).queryByRole('button', { name: 'Start the chat' })).to.equal(null);
    expect(within(dialog).getByRole('textbox', { name: 'Ask something ...' })).to.exist;
    expect(await visitorFields(server)).to.deep.equal([{ visitor_name: 'Ada Lovelace', visitor_email: 'ada@example.com', context: { plan: 'Pro', order: 'A-17' } }]);
  });

  it('an attribute changed during the conversation reaches the operator', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, 'visitor-name="Ada"');
    await openChat(el);
    el.setAttribute('visitor-context', '{"plan":"Team"}');
    await waitUntil(async () => (await server.calls(VISITOR_UPDATE_ROUTE)).length === 1, 'no visitor_update');
    expect(await visitorFields(server, VISITOR_UPDATE_ROUTE)).to.deep.equal([{ visitor_name: 'Ada', context: { plan: 'Team' } }]);
  });

  it('without them, the channel’s pre-chat form asks a name and an e-mail address first', async () => {
    const server = await scriptedServer({ options: { prechat_form: 'name_email' } });
    const el = await mountWidget(server.url);
    (await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button')).click();
    const start = await until(() => within(shadow(el)).queryByRole('button', { name: 'Start the chat' }), 'no pre-chat form');
    const type = (name: string, value: string) => {
      const input = within(shadow(el)).getByRole('textbox', { name }) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type('Name', 'Grace');
    type('Email', 'grace@example.org');
    start.click();
    await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat never started');
    expect(await visitorFields(server)).to.deep.equal([{ visitor_name: 'Grace', visitor_email: 'grace@example.org' }]);
  });

  it('a wrong visitor-hash fires identity_rejected and the visitor chats on anonymously', async () => {
    const server = await scriptedServer({ identityHash: HASH });
    const el = await mountWidget(server.url, `visitor-id="u-1" visitor-hash="${'f'.repeat(64)}"`);
    const rec = recordEvents(el);
    const dialog = await openChat(el);
    expect(errorsOf(rec)).to.deep.equal([{ code: 'identity_rejected', message: 'The visitor identity could not be verified' }]);
    expect(await visitorFields(server)).to.deep.equal([{ visitor_id: 'u-1', visitor_hash: 'f'.repeat(64) }, {}]);
    expect(within(dialog).getByRole('textbox', { name: 'Ask something ...' })).to.exist;
    expect(within(dialog).queryByRole('alert')).to.equal(null);
  });

  it('visitor-token goes with the conversation in place of visitor-id and visitor-hash; the pre-chat form is skipped', async () => {
    const server = await scriptedServer({ identityToken: TOKEN, options: { prechat_form: 'name_email' } });
    const el = await mountWidget(server.url, `visitor-token="${TOKEN}" visitor-id="u-1" visitor-hash="${HASH}" visitor-name="Ada"`);
    const rec = recordEvents(el);
    const dialog = await openChat(el);
    expect(within(dialog).queryByRole('button', { name: 'Start the chat' })).to.equal(null);
    expect(await visitorFields(server)).to.deep.equal([{ visitor_token: TOKEN, visitor_name: 'Ada' }]);
    expect(errorsOf(rec)).to.deep.equal([]);
  });

  it('a refused visitor-token fires identity_rejected and the visitor chats on anonymously', async () => {
    const server = await scriptedServer({ identityToken: TOKEN });
    const el = await mountWidget(server.url, 'visitor-token="expired.or.forged"');
    const rec = recordEvents(el);
    const dialog = await openChat(el);
    expect(errorsOf(rec)).to.deep.equal([{ code: 'identity_rejected', message: 'The visitor identity could not be verified' }]);
    expect(await visitorFields(server)).to.deep.equal([{ visitor_token: 'expired.or.forged' }, {}]);
    expect(within(dialog).getByRole('textbox', { name: 'Ask something ...' })).to.exist;
  });

  it('a hash that cannot be one is refused without asking the server', async () => {
    const server = await scriptedServer({ identityHash: HASH });
    const el = await mountWidget(server.url, 'visitor-id="u-1" visitor-hash="not-a-hash"');
    const rec = recordEvents(el);
    await openChat(el);
    expect(errorsOf(rec).map((e) => e.code)).to.deep.equal(['identity_rejected']);
    expect(await visitorFields(server)).to.deep.equal([{}]);
  });

  it('setUser() identifies the visitor; a malformed call is reported, never thrown', async () => {
    const server = await scriptedServer({ identityHash: HASH });
    const el = await mountWidget(server.url, 'visitor-name="Attribute name"');
    const rec = recordEvents(el);
    await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button');
    expect(() => el.setUser('ada' as never)).not.to.throw();
    el.setUser({ id: 'u-1', hash: HASH, name: 'Ada', email: 'not an address' });
    await openChat(el);
    expect(await visitorFields(server)).to.deep.equal([{ visitor_id: 'u-1', visitor_hash: HASH, visitor_name: 'Ada' }]);
    expect(errorsOf(rec).map((e) => e.message)).to.deep.equal(['Invalid attribute value: setUser: not an object', 'Invalid attribute value: setUser email (not an e-mail address)']);
  });

  it('resetUser() during a conversation ends it here and clears every cookie of the chat', async () => {
    const server = await scriptedServer({ identityHash: HASH });
    const el = await mountWidget(server.url);
    const rec = recordEvents(el);
    el.setUser({ id: 'u-1', hash: HASH, name: 'Ada' });
    await openChat(el);
    expect(widgetCookies().length).to.be.greaterThan(0);
    el.resetUser();
    await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'the chat button never came back');
    expect(within(shadow(el)).queryByRole('dialog')).to.equal(null);
    expect(rec.of('livechat:closed')).to.have.length(1);
    expect(widgetCookies()).to.deep.equal([]);
    // The next conversation is an anonymous visitor's; the button that came back opens at its first press.
    await openChat(el);
    expect((await visitorFields(server)).at(-1)).to.deep.equal({});
  });

  it('resetUser() clears the cookies even before the chat part has loaded', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    await until(() => el.shadowRoot?.querySelector('.lc-button[data-facade]'), 'no facade button');
    document.cookie = 'im_livechat_previous_operator_pid=3;path=/';
    expect(widgetCookies().length).to.be.greaterThan(0);
    el.resetUser();
    expect(widgetCookies()).to.deep.equal([]);
  });

  it('the context property, set before the element is defined, goes with the conversation and later values follow', async () => {
    const server = await scriptedServer();
    const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
    // Parsed outside the document, the element is not upgraded yet: as on a page whose script sets the
    // property before the widget's script has run.
    const detached = document.createElement('div');
    detached.innerHTML = `<live-chat channel-id="1" server-url="${server.url}"></live-chat>`;
    const el = detached.firstElementChild as LiveChatElement;
    el.context = { plan: 'Pro' };
    wrapper.append(el);
    await openChat(el);
    expect(await visitorFields(server)).to.deep.equal([{ context: { plan: 'Pro' } }]);
    el.context = { plan: 'Team' };
    expect(el.context).to.deep.equal({ plan: 'Team' });
    await waitUntil(async () => (await server.calls(VISITOR_UPDATE_ROUTE)).length === 1, 'the new context never reached the server');
    expect(await visitorFields(server, VISITOR_UPDATE_ROUTE)).to.deep.equal([{ context: { plan: 'Team' } }]);
  });

  it('a bad context is reported clearly, keeps what was in force, and its good values still go', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url, `visitor-context='{"from":"attribute"}'`);
    const rec = recordEvents(el);
    await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button');
    expect(() => (el.context = 'plan=Pro' as never)).not.to.throw();
    await openChat(el);
    expect(errorsOf(rec)).to.deep.equal([{ code: 'invalid_option', message: 'Invalid attribute value: context (the context must be an object of strings)' }]);
    expect(await visitorFields(server)).to.deep.equal([{ context: { from: 'attribute' } }], 'the context in force stays');
    rec.events.length = 0;
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, `v${i}`]));
    el.context = { ...many, long: 'x'.repeat(201), count: 3 as never };
    await waitUntil(async () => (await server.calls(VISITOR_UPDATE_ROUTE)).length === 1, 'no visitor_update');
    const sent = (await visitorFields(server, VISITOR_UPDATE_ROUTE))[0]?.context as Record<string, string>;
    expect(Object.keys(sent)).to.have.length(20);
    expect(sent.k0).to.equal('v0');
    expect(errorsOf(rec)).to.deep.equal([
      { code: 'invalid_option', message: 'Invalid attribute value: context (the value of "long" must be at most 200 characters)' },
      { code: 'invalid_option', message: 'Invalid attribute value: context (the value of "count" must be a string)' },
      { code: 'invalid_option', message: 'Invalid attribute value: context (the context holds at most 20 values)' },
    ]);
  });

  it('a host page setting thousands of bad context values gets a handful of reports', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    const rec = recordEvents(el);
    await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button');
    el.context = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])) as never;
    await openChat(el);
    expect(errorsOf(rec).map((e) => e.message).at(-1)).to.equal('Invalid attribute value: context (4995 more values are not valid)');
    expect(errorsOf(rec)).to.have.length(6);
  });

  for (const lang of ['en', 'fr', 'ar'] as const) {
    it(`the pre-chat form and an identified visitor's chat have no accessibility violation (${lang})`, async () => {
      const server = await scriptedServer({ options: { prechat_form: 'name_email' } });
      const button = { en: BUTTON, fr: "Discutez avec l'un de nos collaborateurs", ar: 'تحدث مع أحد موظفينا' }[lang];
      const el = await mountWidget(server.url, `lang="${lang}"`);
      (await until(() => within(shadow(el)).queryByRole('button', { name: button }), 'no button')).click();
      await until(() => within(shadow(el)).queryByRole('form'), 'no pre-chat form');
      expect(await axeViolations(el)).to.deep.equal([]);
      const known = await mountWidget(server.url, `lang="${lang}" visitor-name="Ada" visitor-email="ada@example.com"`);
      (await until(() => within(shadow(known)).queryByRole('button', { name: button }), 'no button')).click();
      await until(() => within(shadow(known)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'no chat window');
      expect(await axeViolations(known)).to.deep.equal([]);
    });
  }
});
