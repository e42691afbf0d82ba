/**
 * The console's message list follows its end like the widget's thread: a picture that loads after the
 * list scrolled to the newest message keeps that message in view, and an operator who scrolled up to read
 * is left where they are.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { ChatMessage } from '../../../src/protocol/livechat.js';
import type { ConversationDetail } from '../../../src/protocol/operator-console.js';
import { ConversationPane } from '../../../src/operator/desk/conversation-pane.js';
import { paneExtensions, reactMount, loadConsoleStyles, type ConsoleStyles } from '../support.js';

const FILES = `${location.origin}/__test__/viewer-files`;

/** A real picture served over HTTP: its preview has no height until the browser loaded it. */
async function servedPicture(name: string): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 400;
  canvas.height = 400;
  canvas.getContext('2d')!.fillRect(0, 0, 400, 400);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  await fetch(`${FILES}/${name}`, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: blob });
  return `${FILES}/${name}`;
}

const message = (id: number, body: string, attachments: ChatMessage['attachment_ids'] = []): ChatMessage => ({
  id, body, date: '2024-05-11 14:03:27', author_id: [0, 'Sara'], message_type: 'comment', attachment_ids: attachments, channel_ids: [7], is_discussion: true, is_notification: false,
});

const lines = (count: number): ChatMessage[] => Array.from({ length: count }, (_, i) => message(i + 1, `<p>line ${i + 1}</p>`));

const withPicture = (id: number, url: string): ChatMessage =>
  message(id, '', [{ id, name: `picture ${id}.png`, filename: `picture ${id}.png`, mimetype: 'image/png', url, type: 'file', file_size: 1000 }]);

const conversation = (id: number, visitorName: string, messages: ChatMessage[]): ConversationDetail => ({
  id, channel_id: 1, visitor_name: visitorName, origin: 'chat', created_at: 0, closed_at: null, last_message: messages.at(-1) ?? null, unread: 0, waiting_since: null,
  page_history: [], rating: null, reply_email: null, messages,
});

/** How far below the visible part of the list its end is. */
const hiddenBelow = (list: HTMLElement): number => list.scrollHeight - list.scrollTop - list.clientHeight;

const nextFrame = (): Promise<unknown> => new Promise(requestAnimationFrame);

describe('operator console message list at the bottom', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());

  const show = (c: ConversationDetail) =>
    act(() =>
      dom.root.render(
        <ConversationPane conversation={c} visitorTyping={false} onSend={async () => {}} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={paneExtensions()} />,
      ),
    );

  async function loaded(name: string): Promise<void> {
    const picture = within(dom.host).getByRole('img', { name }) as HTMLImageElement;
    await waitUntil(() => picture.complete && picture.offsetHeight > 0, 'the picture never loaded');
  }

  it('keeps the newest message in view while a picture that arrived with it loads', async () => {
    const url = await servedPicture('console-late.png');
    show(conversation(7, 'Sara', lines(30)));
    const list = within(dom.host).getByRole('list', { name: 'Messages with Sara' });
    expect(hiddenBelow(list), 'opened at the newest message').to.be.at.most(5);
    show(conversation(7, 'Sara', [...lines(30), withPicture(100, url)]));
    await loaded('picture 100.png');
    await waitUntil(() => hiddenBelow(list) <= 5, `the picture pushed the end ${hiddenBelow(list)} px out of view`);
  });

  it('opens a conversation at its newest message even when its last picture loads late', async () => {
    const url = await servedPicture('console-late-open.png');
    show(conversation(7, 'Sara', [...lines(30), withPicture(101, url)]));
    const list = within(dom.host).getByRole('list', { name: 'Messages with Sara' });
    await loaded('picture 101.png');
    await waitUntil(() => hiddenBelow(list) <= 5, `the picture pushed the end ${hiddenBelow(list)} px out of view`);
  });

  it('leaves an operator who scrolled up where they are when messages arrive', async () => {
    show(conversation(7, 'Sara', lines(30)));
    const list = within(dom.host).getByRole('list', { name: 'Messages with Sara' });
    list.scrollTop = 0;
    list.dispatchEvent(new Event('scroll'));
    show(conversation(7, 'Sara', [...lines(30), message(102, '<p>are you there?</p>')]));
    await nextFrame();
    expect(list.scrollTop).to.equal(0);
  });

  it('opens another conversation at its newest message after the operator scrolled up in the first', async () => {
    show(conversation(7, 'Sara', lines(30)));
    const first = within(dom.host).getByRole('list', { name: 'Messages with Sara' });
    first.scrollTop = 0;
    first.dispatchEvent(new Event('scroll'));
    show(conversation(8, 'Omar', lines(40)));
    const second = within(dom.host).getByRole('list', { name: 'Messages with Omar' });
    await nextFrame();
    expect(hiddenBelow(second)).to.be.at.most(5);
  });
});
