import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { setViewport } from '@web/test-runner-commands';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';

const BUTTON = 'Chat with one of our collaborators';

// SPEC.md §9: mobile is the SM size class or smaller; SM ends at 767 px and MD starts at 768 px.
const WIDE = { width: 768, height: 700 };
const NARROW = { width: 767, height: 700 };

describe('<live-chat> on mobile and wide screens', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(async () => {
    clearWidgetCookies();
    await setViewport({ width: 800, height: 600 });
  });

  it('takes the screen without folding at 767 px, folds again at 768 px, following resizes', async function () {
    this.timeout(20_000);
    await setViewport(WIDE);
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    (await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button')).click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat window never opened');
    within(dialog).getByRole('button', { name: 'Minimize' }).click();
    await until(() => within(dialog).queryByRole('button', { name: 'Restore' }), 'the window never folded');
    expect(dialog.getBoundingClientRect().width).to.be.lessThan(WIDE.width);

    await setViewport(NARROW);
    // The folded window opens and fills the screen once the resize has settled; there is nothing to fold.
    await waitUntil(() => !within(dialog).queryByRole('button', { name: /Restore|Minimize/ }), 'still foldable on a mobile screen', { timeout: 5000 });
    // The height animates (200 ms) from the folded header to the full screen.
    const box = () => dialog.getBoundingClientRect();
    await waitUntil(() => box().height === NARROW.height, `not full height (${box().height})`);
    expect([box().left, box().top, box().width]).to.deep.equal([0, 0, NARROW.width]);
    expect(within(dialog).getByRole('log')).to.exist;
    within(dialog).getByRole('heading', { name: 'Mitchell Admin' }).click();
    expect(within(dialog).getByRole('log')).to.exist;

    await setViewport(WIDE);
    const minimize = await until(() => within(dialog).queryByRole('button', { name: 'Minimize' }), 'no folding back on a wide screen', 5000);
    expect(dialog.getBoundingClientRect().width).to.be.lessThan(WIDE.width);
    minimize.click();
    await until(() => within(dialog).queryByRole('button', { name: 'Restore' }), 'the window did not fold on a wide screen');
  });

  it('opens full screen at once when the page is already mobile-sized', async () => {
    await setViewport({ width: 400, height: 700 });
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    (await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button')).click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat window never opened');
    expect(within(dialog).queryByRole('button', { name: 'Minimize' })).to.equal(null);
    expect(dialog.getBoundingClientRect().width).to.equal(400);
  });
});
