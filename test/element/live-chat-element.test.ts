import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import '../../src/define.js';
import type { LiveChatElement } from '../../src/element/live-chat-element.js';

async function rendered(el: LiveChatElement): Promise<ShadowRoot> {
  await waitUntil(() => el.shadowRoot?.querySelector('button'), 'the element never rendered');
  return el.shadowRoot as ShadowRoot;
}

describe('<live-chat> element', () => {
  it('renders in an open shadow root with the default button text', async () => {
    const el = await fixture<LiveChatElement>(html`<live-chat channel-id="1"></live-chat>`);
    const root = await rendered(el);
    const button = within(root as unknown as HTMLElement).getByRole('button', { name: 'Chat with one of our collaborators' });
    expect(button).to.exist;
  });

  it('takes its button text from the button-text attribute', async () => {
    const el = await fixture<LiveChatElement>(html`<live-chat channel-id="1" button-text="Talk to us"></live-chat>`);
    const root = await rendered(el);
    expect(within(root as unknown as HTMLElement).getByRole('button', { name: 'Talk to us' })).to.exist;
  });

  it('is defined once even when the script runs twice', async () => {
    const { defineLiveChat } = await import('../../src/define.js');
    expect(() => defineLiveChat()).not.to.throw();
    expect(customElements.get('live-chat')).to.exist;
  });
});
