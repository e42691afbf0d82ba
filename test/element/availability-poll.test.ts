import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { WidgetController, type FullWidgetLoader } from '../../src/element/controller.js';
import { clearWidgetCookies, recordEvents, scriptedServer, until } from './support.js';
import { INIT_ROUTE } from '../../src/protocol/routes.js';

const BUTTON = 'Chat with one of our collaborators';
// Short enough for a test, long enough that an early second call (before 90 % of it) shows.
const POLL_MS = 400;
const neverLoads: FullWidgetLoader = () => new Promise(() => {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Makes the page look hidden (another tab in front) until the returned function is called. */
function hidePage(): () => void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  return () => {
    delete (document as { visibilityState?: unknown }).visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
  };
}

// Issue 14: an operator who comes online later must become reachable without the visitor reloading.
describe('availability that follows the operators', () => {
  let host: HTMLElement;
  let current: WidgetController | undefined;
  let showPage: (() => void) | undefined;
  beforeEach(clearWidgetCookies);
  afterEach(() => {
    showPage?.();
    showPage = undefined;
    // An unavailable controller asks every POLL_MS until it leaves the page: stop it for later tests.
    current?.disconnect();
    host.remove();
  });

  async function unavailableWidget(pollMs = POLL_MS) {
    const server = await scriptedServer({ available: false });
    host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const events = recordEvents(host);
    const controller = new WidgetController(host, root, neverLoads, pollMs);
    current = controller;
    controller.update({ channelId: '1', serverUrl: server.url });
    controller.connect();
    await until(() => events.of('livechat:ready').length > 0, 'never ready');
    const button = () => within(root as unknown as HTMLElement).queryByRole('button', { name: BUTTON });
    return { controller, server, events, button, initCalls: async () => (await server.calls(INIT_ROUTE)).length };
  }

  it('shows the button once a later init answers available, and announces it', async function () {
    // A longer interval here: "no call before the interval" must hold with room for a loaded machine,
    // where reading the calls back alone can take a good part of a short interval.
    this.timeout(20_000);
    const pollMs = 2000;
    const { server, events, button, initCalls } = await unavailableWidget(pollMs);
    expect(button()).to.equal(null);
    await sleep(pollMs * 0.5);
    expect(await initCalls(), 'no second call before the interval').to.equal(1);
    await server.setup({ available: true });
    await until(button, 'the button never appeared', pollMs * 2);
    expect(events.of('livechat:ready')).to.deep.equal([{ available: false }, { available: true }]);
    const calls = await initCalls();
    await sleep(pollMs * 1.2);
    expect(await initCalls(), 'no more calls once available').to.equal(calls);
  });

  it('asks nothing while the page is hidden, and asks at once when it shows again', async () => {
    const { server, button, initCalls } = await unavailableWidget();
    showPage = hidePage();
    await server.setup({ available: true });
    await sleep(POLL_MS * 3);
    expect(await initCalls()).to.equal(1);
    expect(button()).to.equal(null);
    showPage();
    showPage = undefined;
    await until(button, 'the button never appeared after the page showed', 2000);
    expect(await initCalls()).to.equal(2);
  });

  it('stops asking when the element leaves the document', async () => {
    const { controller, initCalls } = await unavailableWidget();
    await waitUntil(async () => (await initCalls()) >= 2, 'never asked again while connected');
    // What the element does when it is removed from the page.
    controller.disconnect();
    const before = await initCalls();
    await sleep(POLL_MS * 3);
    expect(await initCalls()).to.equal(before);
  });
});
