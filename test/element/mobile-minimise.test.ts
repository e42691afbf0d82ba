import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { setViewport } from '@web/test-runner-commands';
import { clearWidgetCookies, mountWidget, recordEvents, scriptedServer, shadow, until, operatorMessage } from './support.js';
import { GET_SESSION_ROUTE } from '../../src/protocol/routes.js';

const BUTTON = 'Chat with one of our collaborators';

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

  it('stays behind the button on the next page of the site, with its unread count, and opens the same conversation', async function () {
    this.timeout(20_000);
    await setViewport({ width: 375, height: 667 });
    const server = await scriptedServer();
    const first = await mountWidget(server.url);
    const root = within(shadow(first));
    (await until(() => root.queryByRole('button', { name: BUTTON }), 'no button')).click();
    const dialog = await until(() => root.queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat window never opened');
    within(dialog).getByRole('button', { name: 'Minimise' }).click();
    await server.push(operatorMessage(33, '<p>Take your time</p>'));
    await until(() => root.queryByRole('img', { name: '1 unread message' }), 'no unread badge on the button');

    // Another page: a new element, the same cookies, the history on the server.
    first.remove();
    await server.setup({ history: [operatorMessage(33, '<p>Take your time</p>')] });
    const next = await mountWidget(server.url);
    const events = recordEvents(next);
    const again = within(shadow(next));
    const launcher = await until(() => again.queryByRole('button', { name: `${BUTTON} 1 unread message` }), 'the next page does not show the button with the unread count');
    expect(again.queryByRole('dialog'), 'the window covers the next page').to.equal(null);
    expect(next.shadowRoot?.activeElement ?? null, 'the page load moved focus into the widget').to.equal(null);

    launcher.click();
    const back = await until(() => again.queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window did not come back');
    await until(() => within(back).queryByText('Take your time'), 'not the same conversation');
    expect(await server.calls(GET_SESSION_ROUTE), 'a new conversation was asked for').to.have.length(1);
    expect(events.of('livechat:fold')).to.deep.equal([{ folded: false }]);

    // Back in sight, the next page opens the window again.
    next.remove();
    const third = within(shadow(await mountWidget(server.url)));
    await until(() => third.queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window restored before stays hidden on the next page');
  });
});
