import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { within } from '@testing-library/dom';
import { WidgetController, type FullWidgetLoader } from '../../src/element/controller.js';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, recordEvents, scriptedServer, until } from './support.js';
import { OFFLINE_MESSAGE_ROUTE } from '../../src/protocol/offline-message.js';

const POLL_MS = 300;
const DIALOG_MS = 20_000;
const neverLoads: FullWidgetLoader = () => new Promise(() => {});
const FORM_ON = { offline_mode: 'message_form', offline_text: false };

// Issue 14, "Offline messages": nobody online and the channel's form on, the button opens a message form.
describe('the offline message form', function () {
  // The first form to open fetches the React part and the form's chunk through the test server's bundler.
  this.timeout(30_000);
  before(async function () {
    this.timeout(120_000);
    await Promise.all([import('../../src/element/full/index.js'), import('../../src/element/offline/offline-dialog.js')]);
  });
  let host: HTMLElement;
  let controller: WidgetController | undefined;
  beforeEach(clearWidgetCookies);
  afterEach(() => {
    // Without this each test's controller keeps asking its scripted server every POLL_MS for good,
    // slowing every later test and any file running beside this one.
    controller?.disconnect();
    host?.remove();
    document.documentElement.lang = 'en';
  });

  async function offlineWidget(options: Record<string, unknown> = FORM_ON, lang?: string) {
    if (lang) document.documentElement.lang = lang;
    const server = await scriptedServer({ available: false, options });
    host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const events = recordEvents(host);
    controller = new WidgetController(host, root, neverLoads, POLL_MS);
    controller.update({ channelId: '1', serverUrl: server.url });
    controller.connect();
    await until(() => events.of('livechat:ready').length > 0, 'never ready');
    const view = within(root as unknown as HTMLElement);
    return { server, events, root, view };
  }

  /** The offline button, which comes with a small chunk of its own after the init answer. */
  const offlineButton = (view: ReturnType<typeof within>, name: string) => until(() => view.queryByRole('button', { name }), `no ${name} button`, DIALOG_MS);

  async function fill(view: ReturnType<typeof within>, values: Record<string, string>) {
    for (const [name, text] of Object.entries(values)) {
      view.getByRole('textbox', { name }).focus();
      await sendKeys({ type: text });
    }
  }

  it('is not there by default: the button hides while nobody is online (SPEC.md §8)', async () => {
    const { view, events } = await offlineWidget({});
    expect(view.queryByRole('button')).to.equal(null);
    expect(events.of('livechat:ready')).to.deep.equal([{ available: false }]);
  });

  it('sends a message: the button names the form, the answer thanks the visitor and fires livechat:offline-message', async () => {
    const { server, events, root, view } = await offlineWidget();
    expect(events.of('livechat:ready')).to.deep.equal([{ available: false }]);
    (await offlineButton(view, 'Leave us a message')).click();
    const dialog = await until(() => view.queryByRole('dialog', { name: 'Leave us a message' }), 'no dialog', DIALOG_MS);
    expect(view.queryByRole('button', { name: 'Leave us a message' }), 'the dialog takes the button’s place').to.equal(null);
    const form = within(dialog);
    await fill(form, { Name: 'Ann', Email: 'ann@example.org', Message: 'Where is my parcel?' });
    form.getByRole('button', { name: 'Send' }).click();
    await until(() => form.queryByText('Thanks! We will answer by email.'), 'never thanked');
    const [call] = await server.calls(OFFLINE_MESSAGE_ROUTE);
    expect(call?.params).to.deep.include({ channel_id: 1, name: 'Ann', email: 'ann@example.org', message: 'Where is my parcel?' });
    expect(call?.params.post_key).to.match(/^[0-9a-f]{32}$/);
    expect(events.of('livechat:offline-message')).to.deep.equal([{ ok: true }]);
    expect(await axeViolations(host)).to.deep.equal([]);
    form.getAllByRole('button', { name: 'Close' }).at(-1)!.click();
    const button = await until(() => view.queryByRole('button', { name: 'Leave us a message' }), 'the button did not come back');
    expect(root.activeElement, 'focus returns to the button').to.equal(button);
  });

  it('a failure keeps what was typed; trying again sends the same message with the same key', async () => {
    const { server, events, view } = await offlineWidget();
    await server.setup({ failOffline: 1 });
    (await offlineButton(view, 'Leave us a message')).click();
    const form = within(await until(() => view.queryByRole('dialog'), 'no dialog', DIALOG_MS));
    await fill(form, { Email: 'bo@example.org', Message: 'Hello' });
    form.getByRole('button', { name: 'Send' }).click();
    await until(() => form.queryByRole('alert'), 'no failure shown');
    expect(form.getByRole('alert').textContent).to.equal('Your message could not be sent.');
    expect((form.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).to.equal('Hello');
    expect(events.of('livechat:offline-message')).to.deep.equal([{ ok: false }]);
    form.getByRole('button', { name: 'Try again' }).click();
    await until(() => form.queryByText('Thanks! We will answer by email.'), 'the retry was not thanked');
    const calls = await server.calls(OFFLINE_MESSAGE_ROUTE);
    expect(calls).to.have.length(2);
    expect(calls[1]!.params.post_key).to.equal(calls[0]!.params.post_key);
    expect(events.of('livechat:offline-message')).to.deep.equal([{ ok: false }, { ok: true }]);
  });

  it('shows the channel’s own offline text on the button and as the dialog title', async () => {
    const { view } = await offlineWidget({ offline_mode: 'message_form', offline_text: 'Write to us' });
    (await offlineButton(view, 'Write to us')).click();
    await until(() => view.queryByRole('dialog', { name: 'Write to us' }), 'no dialog titled by the channel', DIALOG_MS);
  });

  it('outside the channel’s business hours, the dialog says when it is back, in the visitor’s language and zone (issue 26)', async () => {
    const now = new Date();
    const back = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
    const { view } = await offlineWidget({ ...FORM_ON, reopens_at: back.getTime() }, 'fr');
    (await offlineButton(view, 'Laissez-nous un message')).click();
    const dialog = await until(() => view.queryByRole('dialog', { name: 'Laissez-nous un message' }), 'no dialog', DIALOG_MS);
    const time = new Intl.DateTimeFormat('fr', { timeStyle: 'short' }).format(back);
    expect(within(dialog).getByText(`Nous serons de retour demain à ${time}`)).to.exist;
    expect(await axeViolations(host)).to.deep.equal([]);
  });

  it('says nothing of hours when the server sends no reopening time', async () => {
    const { view } = await offlineWidget();
    (await offlineButton(view, 'Leave us a message')).click();
    const dialog = await until(() => view.queryByRole('dialog'), 'no dialog', DIALOG_MS);
    expect(within(dialog).queryByText(/We are back/)).to.equal(null);
  });

  it('gives way to the chat button when an operator comes online, but not under a visitor writing', async () => {
    const { server, view, events } = await offlineWidget();
    (await offlineButton(view, 'Leave us a message')).click();
    const form = within(await until(() => view.queryByRole('dialog'), 'no dialog', DIALOG_MS));
    await server.setup({ available: true });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
    expect(view.queryByRole('dialog'), 'the open form stays').to.not.equal(null);
    form.getByRole('button', { name: 'Close' }).click();
    await until(() => view.queryByRole('button', { name: 'Chat with one of our collaborators' }), 'the chat button never came', 5000);
    expect(view.queryByRole('button', { name: 'Leave us a message' })).to.equal(null);
    expect(events.of('livechat:ready')).to.deep.equal([{ available: false }, { available: true }]);
  });

  for (const [lang, button, sent] of [
    ['fr', 'Laissez-nous un message', 'Merci ! Nous vous répondrons par e-mail.'],
    ['ar', 'اترك لنا رسالة', 'شكرًا! سنرد عليك عبر البريد الإلكتروني.'],
  ] as const) {
    it(`reads in the page's language (${lang}) with no accessibility violation`, async () => {
      const { view } = await offlineWidget(FORM_ON, lang);
      (await offlineButton(view, button)).click();
      const dialog = await until(() => view.queryByRole('dialog', { name: button }), 'no dialog', DIALOG_MS);
      const form = within(dialog);
      form.getAllByRole('button').at(-1)!.click();
      await until(() => form.queryAllByRole('alert').length === 2, 'no field errors');
      expect(await axeViolations(host)).to.deep.equal([]);
      const [email, message] = form.getAllByRole('textbox').slice(1);
      email!.focus();
      await sendKeys({ type: 'ann@example.org' });
      message!.focus();
      await sendKeys({ type: 'Salut' });
      form.getAllByRole('button').at(-1)!.click();
      await until(() => form.queryByText(sent), 'never thanked');
      expect(await axeViolations(host)).to.deep.equal([]);
    });
  }
});
