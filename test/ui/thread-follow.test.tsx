import { expect, waitUntil } from '@open-wc/testing';
import { Thread } from '../../src/ui/thread/thread.js';
import type { ThreadMessage } from '../../src/ui/thread/thread-message.js';
import { mount, recorder, unmountAll } from './support/mount.js';

const NOW = new Date(2024, 4, 15, 12, 0, 0);
const OPERATOR = { id: 3, name: 'Mitchell Admin' };
const FILES = `${location.origin}/__test__/viewer-files`;

const lines = (count: number): ThreadMessage[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1, body: `<p>line ${i + 1}</p>`, date: new Date(NOW.getTime() - (count - i) * 120_000), author: OPERATOR, kind: 'comment' as const, own: false, attachments: [],
  }));

/** A real picture served over HTTP: its thumbnail has no height until the browser loaded it. */
async function servedPicture(name: string): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 400;
  canvas.height = 400;
  canvas.getContext('2d')!.fillRect(0, 0, 400, 400);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  await fetch(`${FILES}/${name}`, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: blob });
  return `${FILES}/${name}`;
}

const withPicture = (url: string, id: number): ThreadMessage => ({
  id, body: '', date: NOW, author: null, kind: 'comment', own: true, attachments: [{ id: `f${id}`, name: `picture ${id}`, mimetype: 'image/png', url }],
});

/** How far below the visible part of the log its end is. */
const hiddenBelow = (log: HTMLElement): number => log.scrollHeight - log.scrollTop - log.clientHeight;

const nextFrame = (): Promise<unknown> => new Promise(requestAnimationFrame);

function frame(messages: ThreadMessage[], onAtBottomChange: (atBottom: boolean) => void): React.JSX.Element {
  return (
    <div className="lc-window" style={{ height: '300px', display: 'flex', flexDirection: 'column' }}>
      <Thread now={NOW} onRetry={() => {}} onAtBottomChange={onAtBottomChange} onOpenAttachment={() => {}} messages={messages} />
    </div>
  );
}

describe('Thread at the bottom', () => {
  afterEach(unmountAll);

  it('stays at the bottom while a picture loads, and says so', async () => {
    const onAtBottomChange = recorder<[boolean]>();
    const url = await servedPicture('thread-late.png');
    const { screen, rerender } = mount(frame(lines(12), onAtBottomChange));
    const log = screen.getByRole('log');
    rerender(frame([...lines(12), withPicture(url, 100)], onAtBottomChange));
    const picture = screen.getByRole('img', { name: 'picture 100' }) as HTMLImageElement;
    await waitUntil(() => picture.complete && picture.offsetHeight > 0, 'the picture never loaded');
    await waitUntil(() => hiddenBelow(log) <= 5, `the picture pushed the end ${hiddenBelow(log)} px out of view`);
    await nextFrame();
    expect(onAtBottomChange.calls.map(([atBottom]) => atBottom), 'never reported away from the bottom').to.deep.equal([true]);
  });

  it('leaves a visitor who scrolled up where they are when a picture loads', async () => {
    const onAtBottomChange = recorder<[boolean]>();
    const url = await servedPicture('thread-late-up.png');
    const { screen, rerender } = mount(frame(lines(12), onAtBottomChange));
    const log = screen.getByRole('log');
    log.scrollTop = 0;
    await waitUntil(() => onAtBottomChange.calls.at(-1)?.[0] === false, 'scrolling up was not reported');
    rerender(frame([...lines(12), withPicture(url, 101)], onAtBottomChange));
    const picture = screen.getByRole('img', { name: 'picture 101' }) as HTMLImageElement;
    await waitUntil(() => picture.complete && picture.offsetHeight > 0, 'the picture never loaded');
    await nextFrame();
    expect(log.scrollTop).to.equal(0);
    expect(onAtBottomChange.calls.at(-1)).to.deep.equal([false]);
  });
});
