import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { setViewport } from '@web/test-runner-commands';
import { clearWidgetCookies, mountWidget, recordEvents, scriptedServer, shadow, until } from './support.js';

const BUTTON = 'Chat with one of our collaborators';

function operatorMessage(id: number, body: string) {
  return { id, body, date: '2026-01-01 10:00:00', author_id: [3, 'Mitchell Admin'], message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false };
}

describe('<live-chat> minimised on a phone', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(async () => {
    clearWidgetCookies();
    await setViewport({ width: 800, height: 600 });
  });

  it('hides the chat behind the button, counts new answers on it, and comes back to the same conversation', async function () {
    this.timeout(20_000);
    await setViewport({ width: 375, height: 667 });
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    const events = recordEvents(el);
    const root = within(shadow(el));
    (await until(() => root.queryByRole('button', { name: BUTTON }), 'no button')).click();
    const dialog = await until(() => root.queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat window never opened');
    const composer = within(dialog).getByRole('textbox', { name: 'Ask something ...' }) as HTMLTextAreaElement;
    composer.focus();
    document.execCommand('insertText', false, 'Hello');
    composer.form?.requestSubmit();
    await until(() => within(dialog).queryByText('Hello'), 'the question never showed');
    await server.push(operatorMessage(31, '<p>Hello, how can I help?</p>'));
    await until(() => within(dialog).queryByText('Hello, how can I help?'), 'no answer');
    composer.focus();
    document.execCommand('insertText', false, 'I was about to ask');

    within(dialog).getByRole('button', { name: 'Minimise' }).click();
    await waitUntil(() => root.queryByRole('dialog') === null, 'the window is still there');
    const launcher = root.getByRole('button', { name: BUTTON });
    expect(el.shadowRoot?.activeElement === launcher, 'focus goes to the button').to.equal(true);
    expect(events.of('livechat:fold')).to.deep.equal([{ folded: true }]);

    await server.push(operatorMessage(32, '<p>Are you still there?</p>'));
    const badge = await until(() => root.queryByRole('img', { name: '1 unread message' }), 'no unread badge on the button');
    // Seen, not only announced: what hides the bubble launcher's label for sight must leave it alone.
    const spot = badge.getBoundingClientRect();
    expect(el.shadowRoot?.elementFromPoint(spot.left + spot.width / 2, spot.top + spot.height / 2) === badge, 'the badge is not in sight').to.equal(true);
    expect(root.getByRole('button', { name: `${BUTTON} 1 unread message` }) === launcher, 'the button names the unread count').to.equal(true);

    launcher.click();
    const back = await until(() => root.queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window did not come back');
    expect(back === dialog, 'a new window, not the same one').to.equal(true);
    expect(root.queryByRole('button', { name: new RegExp(BUTTON) })).to.equal(null);
    expect(within(back).queryByRole('button', { name: 'No feedback' }), 'the feedback panel showed').to.equal(null);
    for (const text of ['Hello', 'Hello, how can I help?', 'Are you still there?']) expect(within(back).getByText(text)).to.exist;
    expect((within(back).getByRole('textbox', { name: 'Ask something ...' }) as HTMLTextAreaElement).value).to.equal('I was about to ask');
    await until(() => (root.queryByRole('img', { name: /unread/ }) === null ? true : null), 'the unread count stayed after coming back');
    expect(events.of('livechat:fold')).to.deep.equal([{ folded: true }, { folded: false }]);
    expect(events.of('livechat:closed')).to.deep.equal([]);
  });
});
