import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { WidgetController, type FullWidgetLoader } from '../../src/element/controller.js';
import { clearWidgetCookies, recordEvents, scriptedServer, until } from './support.js';

const BUTTON = 'Chat with one of our collaborators';
const realLoader: FullWidgetLoader = () => import('../../src/element/full/index.js').then((m) => m.createFullWidget);

// A click must not be lost when fetching the React part fails once (a dropped connection, a server
// restarting): the loader fetches again by itself while the visitor's request waits.
describe('loading the React part after a failed fetch', () => {
  let host: HTMLElement;
  before(async function warmUp() {
    this.timeout(60_000);
    await realLoader();
  });
  beforeEach(clearWidgetCookies);
  afterEach(() => {
    host.remove();
    clearWidgetCookies();
  });

  async function controllerWith(loader: FullWidgetLoader) {
    const server = await scriptedServer();
    host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const events = recordEvents(host);
    const controller = new WidgetController(host, root, loader);
    controller.update({ channelId: '1', serverUrl: server.url });
    controller.connect();
    const facade = await until(() => root.querySelector<HTMLButtonElement>('button[data-facade]'), 'no facade button');
    return { root, facade, events };
  }

  it('opens the chat the visitor clicked for once a later attempt succeeds, and reports the failure', async () => {
    let attempts = 0;
    const { root, facade, events } = await controllerWith(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : realLoader();
    });
    expect(within(facade.parentNode as HTMLElement).getByRole('button', { name: BUTTON })).to.equal(facade);
    facade.click();
    await until(() => within(root as unknown as HTMLElement).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat never opened after the retry');
    expect(attempts).to.equal(2);
    const errors = events.of('livechat:error') as { code: string; message: string }[];
    expect(errors.map((e) => e.code)).to.deep.equal(['network']);
    expect(errors[0]?.message).to.be.a('string').and.not.equal('');
  });

  it('does not fetch again by itself when nobody asked for anything (a hover only)', async () => {
    let attempts = 0;
    const { facade } = await controllerWith(() => {
      attempts += 1;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    facade.dispatchEvent(new PointerEvent('pointerenter'));
    await waitUntil(() => attempts === 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts).to.equal(1);
    expect(facade.isConnected, 'the facade button stays for the next try').to.equal(true);
  });
});
