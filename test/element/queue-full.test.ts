import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';
import { GET_SESSION_ROUTE } from '../../src/protocol/routes.js';

const FORM_ON = { offline_mode: 'message_form', offline_text: false };
const DIALOG_MS = 20_000;

// Issue 26: the page showed the button, then the queue filled (or the last operator left) before the
// visitor pressed it. A channel with the offline form offers it, as a fresh page would; others keep SPEC.md §8.
describe('<live-chat> pressed once nobody can take the visitor', function () {
  this.timeout(30_000);
  before(async function warmUp() {
    this.timeout(120_000);
    await Promise.all([import('../../src/element/full/index.js'), import('../../src/element/offline/offline-dialog.js')]);
  });
  beforeEach(clearWidgetCookies);
  afterEach(() => {
    clearWidgetCookies();
    document.documentElement.lang = 'en';
  });

  for (const [lang, button, form, close] of [
    ['en', 'Chat with one of our collaborators', 'Leave us a message', 'Close'],
    ['fr', "Discutez avec l'un de nos collaborateurs", 'Laissez-nous un message', 'Fermer'],
    ['ar', 'تحدث مع أحد موظفينا', 'اترك لنا رسالة', 'إغلاق'],
  ] as const) {
    it(`opens the channel's offline form instead of the refusal (${lang})`, async () => {
      document.documentElement.lang = lang;
      const server = await scriptedServer({ available: true, options: FORM_ON });
      const el = await mountWidget(server.url);
      const view = within(shadow(el));
      const chat = await until(() => view.queryByRole('button', { name: button }), 'no button', DIALOG_MS);
      await server.setup({ noOperator: true });
      chat.click();
      const dialog = await until(() => view.queryByRole('dialog', { name: form }), 'no offline form', DIALOG_MS);
      expect((await server.calls(GET_SESSION_ROUTE)).length).to.equal(1);
      expect(view.queryByRole('alert'), 'no refusal notice').to.equal(null);
      expect(view.queryByRole('button', { name: button }), 'the form takes the button’s place').to.equal(null);
      expect(await axeViolations(el)).to.deep.equal([]);
      within(dialog).getByRole('button', { name: close }).click();
      const back = await until(() => view.queryByRole('button', { name: button }), 'the button did not come back', DIALOG_MS);
      await waitUntil(() => el.shadowRoot?.activeElement === back, 'the button did not take the focus back');
      expect(view.queryByRole('dialog')).to.equal(null);
    });
  }

  it('keeps SPEC.md §8’s notice on a channel without the form', async () => {
    const server = await scriptedServer({ available: true });
    const el = await mountWidget(server.url);
    const view = within(shadow(el));
    const chat = await until(() => view.queryByRole('button', { name: 'Chat with one of our collaborators' }), 'no button', DIALOG_MS);
    await server.setup({ noOperator: true });
    chat.click();
    const alert = await until(() => view.queryByRole('alert'), 'no notice');
    expect(alert.textContent).to.contain('No available collaborator, please try again later.');
    expect(view.queryByRole('dialog')).to.equal(null);
    expect(view.queryByRole('button', { name: 'Chat with one of our collaborators' })).to.not.equal(null);
  });
});
