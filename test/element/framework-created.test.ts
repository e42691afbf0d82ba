import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import type { LiveChatElement } from '../../src/element/live-chat-element.js';
import { clearWidgetCookies, recordEvents, scriptedServer, until } from './support.js';
import { INIT_ROUTE } from '../../src/protocol/routes.js';

const BUTTON = 'Chat with one of our collaborators';

// Frameworks (React 19, Vue 3, Lit, …) build the element with createElement and set its attributes, in
// the order the template names them, before it is in the page.
describe('<live-chat> built by a framework', () => {
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  for (const order of [['server-url', 'channel-id'], ['channel-id', 'server-url']]) {
    it(`asks the server only once it is in the page, with every attribute set (${order.join(' then ')})`, async () => {
      const server = await scriptedServer();
      const el = document.createElement('live-chat') as LiveChatElement;
      const values: Record<string, string> = { 'server-url': server.url, 'channel-id': '1' };
      for (const name of order) el.setAttribute(name, values[name]!);
      const rec = recordEvents(el);
      expect(await server.calls(INIT_ROUTE), 'nothing asked while outside the page').to.have.length(0);
      document.body.append(el);
      try {
        await until(() => within(el.shadowRoot as unknown as HTMLElement).queryByRole('button', { name: BUTTON }), 'the chat button never showed');
        const inits = await server.calls(INIT_ROUTE);
        expect(inits.map((c) => c.params.channel_id)).to.deep.equal([1]);
        expect(rec.of('livechat:ready')).to.deep.equal([{ available: true }]);
      } finally {
        el.remove();
      }
    });
  }
});
