/**
 * A conversation opened at an older message (a search result's link) keeps showing back to it whenever
 * the desk reads it again (a new message, a status change); other conversations read their newest only.
 */
import { expect } from '@open-wc/testing';
import { act } from 'react';
import { createStore } from 'jotai/vanilla';
import type { OperatorApi } from '../../../src/operator/core/api.js';
import { messageWindowAtom } from '../../../src/operator/desk/desk-atoms.js';
import { useDeskLoaders, type DeskLoaders } from '../../../src/operator/desk/use-desk-loaders.js';
import { reactMount, waitUntil } from '../support.js';

describe('operator desk: the messages of a conversation opened at an older one', () => {
  const dom = reactMount();

  it('asks for the messages since the linked one for that conversation only', async () => {
    const asked: [number, number | undefined][] = [];
    const api = {
      conversation: async (id: number, since?: number) => {
        asked.push([id, since]);
        return { id, channel_id: 1, visitor_name: 'Sara', origin: 'chat', created_at: 0, closed_at: null, last_message: null, unread: 0, waiting_since: null, page_history: [], rating: null, reply_email: null, messages: [] };
      },
    } as unknown as OperatorApi;
    const store = createStore();
    let loaders: DeskLoaders | undefined;
    function Probe(): null {
      loaders = useDeskLoaders(api, store, () => {});
      return null;
    }
    await act(async () => dom.root.render(<Probe />));
    store.set(messageWindowAtom, { sessionId: 7, sinceMessageId: 12 });
    loaders!.reloadOpen(7);
    loaders!.reloadOpen(8);
    await waitUntil(() => asked.length === 2);
    expect(asked).to.deep.equal([
      [7, 12],
      [8, undefined],
    ]);
  });
});
