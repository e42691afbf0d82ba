import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import { createStore } from 'jotai/vanilla';
import { loadTranslator, type Locale } from '../../../../src/platform/i18n/index.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import type { OperatorApi } from '../../../../src/operator/core/api.js';
import type { QueueEntry } from '../../../../src/protocol/queue.js';
import type { QueueTakeParams } from '../../../../src/protocol/schemas/queue.js';
import { decodeConsoleNotification } from '../../../../src/operator/core/console-bus.js';
import { QueueList } from '../../../../src/operator/features/queue/queue-list.js';
import { onQueueEvent, queueVersionAtom } from '../../../../src/operator/features/queue/queue-atoms.js';
import { reactMount, waitUntil, consoleAxe } from '../../support.js';

const NOW = Date.now();
const ENTRIES: QueueEntry[] = [
  { session_id: 11, channel_id: 1, name: 'Visitor 4821', position: 1, queued_at: NOW - 3 * 60_000 },
  { session_id: 12, channel_id: 1, name: 'Grace', position: 2, queued_at: NOW - 20_000 },
];

/** A stand-in for the queue routes that records the takes. */
class MemoryQueue {
  entries = [...ENTRIES];
  takes: QueueTakeParams[] = [];
  refuse = false;
  async queue() {
    return this.entries;
  }
  async takeFromQueue(target: QueueTakeParams) {
    this.takes.push(target);
    if (this.refuse) throw new Error('Someone else took this conversation first');
    const taken = target.session_id !== undefined ? Number(target.session_id) : this.entries[0]!.session_id;
    this.entries = this.entries.filter((e) => e.session_id !== taken);
    return { session_id: taken };
  }
}

describe('the queue in the console', () => {
  const dom = reactMount();

  async function render(api: MemoryQueue, lang: Locale = 'en') {
    const store = createStore();
    const translator = await loadTranslator(lang);
    await act(async () =>
      dom.root.render(
        <TextProvider translator={translator}>
          <QueueList api={api as unknown as OperatorApi} store={store} />
        </TextProvider>,
      ),
    );
    return { store, view: within(dom.host) };
  }

  it('lists who waits and for how long; Take next takes the head, Take the one chosen', async () => {
    const api = new MemoryQueue();
    const { view } = await render(api);
    await waitUntil(() => view.queryByRole('heading', { name: 'Queue: 2 waiting' }), 'no queue');
    expect(view.getAllByRole('listitem').map((li) => li.textContent)).to.deep.equal(['Visitor 4821waiting for 3 minutesTake', 'Gracewaiting for less than a minuteTake']);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    view.getByRole('button', { name: 'Take Grace' }).click();
    await waitUntil(() => view.queryByRole('heading', { name: 'Queue: 1 waiting' }), 'the list did not follow');
    view.getByRole('button', { name: 'Take next' }).click();
    await waitUntil(() => view.queryByRole('heading') === null, 'an empty queue shows nothing');
    expect(api.takes).to.deep.equal([{ session_id: 12 }, { channel_id: 1 }]);
  });

  it('says so when someone else was faster, and reads the queue again on the bus', async () => {
    const api = new MemoryQueue();
    api.refuse = true;
    const { view, store } = await render(api);
    await waitUntil(() => view.queryByRole('button', { name: 'Take Grace' }), 'no queue');
    view.getByRole('button', { name: 'Take Grace' }).click();
    await waitUntil(() => view.queryByRole('alert'), 'no alert');
    expect(view.getByRole('alert').textContent).to.equal('Someone else took this conversation first.');
    const event = decodeConsoleNotification({ id: 1, channel: 'livechat.operator.5', message: { info: 'queue_changed', channel_id: 1 } }, 5);
    const before = store.get(queueVersionAtom);
    onQueueEvent(event, store, { showNotice() {}, t: (k) => k });
    expect(store.get(queueVersionAtom)).to.equal(before + 1);
  });

  for (const [lang, heading, take] of [
    ['fr', 'File d’attente : 2 en attente', 'Prendre le suivant'],
    ['ar', 'قائمة الانتظار: زائران', 'خذ التالي'],
  ] as const) {
    it(`reads in ${lang} with no accessibility violation`, async () => {
      const { view } = await render(new MemoryQueue(), lang);
      await waitUntil(() => view.queryByRole('heading', { name: heading }), 'no queue');
      expect(view.getByRole('button', { name: take })).to.exist;
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
    });
  }
});
