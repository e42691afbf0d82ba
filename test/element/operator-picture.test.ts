import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';

const sessionCookie = (operatorPid: [number, string]) =>
  `im_livechat_session=${encodeURIComponent(JSON.stringify({ folded: false, id: 42, message_unread_counter: 0, operator_pid: operatorPid, name: 'x', uuid: 'uuid-cookie' }))};path=/`;

describe('the chat header shows the operator serving the conversation', () => {
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('with the picture the operator uploaded, beside its display name', async () => {
    const server = await scriptedServer();
    document.cookie = sessionCookie([3, 'Mitchell Admin']);
    const el = await mountWidget(server.url);
    // The first window of the file fetches the lazy React part, which takes more than the default wait on a loaded machine.
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'did not reopen', 20_000);
    const header = dialog.querySelector('header')!;
    const picture = await until(() => {
      const img = header.querySelector('img');
      return img?.complete && img.naturalWidth > 0 ? img : null;
    }, 'the picture did not load');
    expect(picture.getAttribute('src')).to.equal(`${server.url}/web/partner_image/3`);
    expect([picture.naturalWidth, picture.naturalHeight]).to.deep.equal([64, 64]);
    expect(within(header).getByRole('heading', { level: 2 }).textContent).to.equal('Mitchell Admin');
  });

  it('with the default picture when the operator has none', async () => {
    const server = await scriptedServer();
    document.cookie = sessionCookie([8, 'Nora']);
    const el = await mountWidget(server.url);
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Nora' }), 'did not reopen', 20_000);
    const picture = await until(() => {
      const img = dialog.querySelector('header img') as HTMLImageElement | null;
      return img?.complete && img.naturalWidth > 0 ? img : null;
    }, 'the default picture did not load');
    expect(picture.getAttribute('src')).to.equal(`${server.url}/web/partner_image/8`);
  });
});
