import { expect, waitUntil } from '@open-wc/testing';
import { sendMouse, resetMouse } from '@web/test-runner-commands';
import { renderFacade } from '../../src/element/facade.js';
import { parseElementAttributes, widgetOptions } from '../../src/element/attributes.js';

// React can take over while the visitor is pressing the facade button: the press must still open the chat.
describe('facade button hand-over during a press', () => {
  let host: HTMLElement;
  afterEach(async () => {
    host.remove();
    await resetMouse();
  });

  async function facadeUnderMouse(onOpen: () => void) {
    host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const facade = renderFacade(root, widgetOptions(parseElementAttributes({ channelId: '1' }).attributes), { onInterest: () => undefined, onOpen });
    const button = root.querySelector<HTMLButtonElement>('button[data-facade]')!;
    const box = button.getBoundingClientRect();
    const position: [number, number] = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
    await sendMouse({ type: 'move', position });
    return { facade, button, position };
  }

  it('keeps the pressed button until the release, so the click still opens the chat', async () => {
    let opened = 0;
    const { facade, button } = await facadeUnderMouse(() => (opened += 1));
    await sendMouse({ type: 'down' });
    facade.remove();
    expect(button.isConnected, 'still there while pressed').to.equal(true);
    await sendMouse({ type: 'up' });
    await waitUntil(() => !button.isConnected, 'the facade never went away after the release');
    expect(opened).to.equal(1);
  });

  it('still gets the release and the click when React\'s button covers it during the press', async () => {
    let opened = 0;
    const { facade, button, position } = await facadeUnderMouse(() => (opened += 1));
    await sendMouse({ type: 'down' });
    // React's button arrives on top of the pressed facade (later in the shadow root, same place).
    const root = button.getRootNode() as ShadowRoot;
    const cover = document.createElement('button');
    cover.className = 'lc-button';
    cover.textContent = 'React';
    cover.style.cssText = `position: fixed; left: ${position[0] - 40}px; top: ${position[1] - 20}px; width: 80px; height: 40px; z-index: 2147483647`;
    root.append(cover);
    expect(root.elementFromPoint(...position), 'the cover is on top').to.equal(cover);
    facade.remove();
    await sendMouse({ type: 'up' });
    await waitUntil(() => !button.isConnected, 'the facade never went away after the release');
    expect(opened).to.equal(1);
    cover.remove();
  });

  it('goes at once when nobody is pressing it', async () => {
    const { facade, button } = await facadeUnderMouse(() => undefined);
    facade.remove();
    expect(button.isConnected).to.equal(false);
  });
});
