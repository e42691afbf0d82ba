import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { setViewport } from '@web/test-runner-commands';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until, operatorMessage } from './support.js';

const BUTTON = 'Chat with one of our collaborators';
const LONG = 'A long answer that wraps over many lines on a narrow screen. '.repeat(30);

const overlaps = (a: DOMRect, b: DOMRect): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('<live-chat> new-message notice on mobile', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(async () => {
    clearWidgetCookies();
    delete (document as unknown as Record<string, unknown>).visibilityState;
    await setViewport({ width: 800, height: 600 });
  });

  for (const viewport of [{ width: 360, height: 640 }, { width: 767, height: 420 }]) {
    it(`never covers the header's buttons or the composer of the full-screen window (${viewport.width}×${viewport.height})`, async function () {
      this.timeout(20_000);
      await setViewport(viewport);
      const server = await scriptedServer();
      const el = await mountWidget(server.url);
      (await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button')).click();
      const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat window never opened');
      // A hidden page is what brings the in-page notice on mobile (no folding there); headless Chromium
      // cannot hide a tab from inside the page, so the document's visibility is overridden for this test.
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      await server.push(operatorMessage(21, `<p>${LONG}</p>`));
      const notice = await until(
        () => within(shadow(el)).queryAllByRole('status').find((n) => n.textContent?.includes('New message from Mitchell Admin')),
        'no in-page notice',
      );
      const box = (notice.closest('.lc-notice') as HTMLElement).getBoundingClientRect();
      const composer = within(dialog).getByRole('textbox', { name: 'Ask something ...' });
      const close = within(dialog).getByRole('button', { name: 'Close' });
      const header = dialog.querySelector('.lc-header') as HTMLElement;
      for (const [name, target] of [['composer', composer], ['Close', close], ['header', header]] as const) {
        expect(overlaps(box, target.getBoundingClientRect()), `the notice covers the ${name}`).to.equal(false);
      }
      const hit = (target: HTMLElement) => {
        const r = target.getBoundingClientRect();
        return target.contains(el.shadowRoot?.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) ?? null);
      };
      expect(hit(composer), 'the composer takes pointer input').to.equal(true);
      expect(hit(close), 'Close takes pointer input').to.equal(true);
      expect(box.width).to.be.lessThan(viewport.width);
    });
  }
});
