import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { WidgetController, type FullWidgetLoader } from '../../src/element/controller.js';
import { clearWidgetCookies, scriptedServer, until } from './support.js';
import { INIT_ROUTE } from '../../src/protocol/routes.js';

const BUTTON = 'Chat with one of our collaborators';
const realLoader: FullWidgetLoader = () => import('../../src/element/full/index.js').then((m) => m.createFullWidget);

// A page may call open() before the loader's availability check has answered: the React part then runs
// first, and the late answer must not put the eager facade button back over the open chat.
describe('open() before the init answer', () => {
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

  it('opens the chat and leaves no button behind once the late answer arrives', async () => {
    const server = await scriptedServer({ initDelayMs: 400 });
    host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const view = root as unknown as HTMLElement;
    const controller = new WidgetController(host, root, realLoader);
    controller.update({ channelId: '1', serverUrl: server.url });
    controller.connect();
    controller.call((s) => s.open(), true);
    await until(() => within(view).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat never opened');
    // The loader's own init call went out first, so it has answered by now; give its answer time to land.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await server.calls(INIT_ROUTE)).length).to.equal(2);
    expect(within(view).queryAllByRole('button', { name: BUTTON })).to.deep.equal([]);
    expect(within(view).getByRole('dialog', { name: 'Mitchell Admin' })).to.exist;
  });
});
