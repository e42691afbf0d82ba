import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { sendKeys } from '@web/test-runner-commands';
import { act } from 'react';
import { createStore } from 'jotai/vanilla';
import type { ChannelSettings, ConversationDetail, ConversationSummary } from '../../../../src/protocol/operator-console.js';
import type { ConversationTagInfo } from '../../../../src/protocol/console/tags.js';
import type { OperatorApi } from '../../../../src/operator/core/api.js';
import { decodeConsoleNotification } from '../../../../src/operator/core/console-bus.js';
import { ConversationList } from '../../../../src/operator/desk/conversation-list.js';
import { listQueryAtom } from '../../../../src/operator/desk/desk-atoms.js';
import { listSlotsOf } from '../../../../src/operator/app/registry.js';
import { tags as tagsFeature } from '../../../../src/operator/features/tags/index.js';
import { ConversationTagsSection } from '../../../../src/operator/features/tags/conversation-tags.js';
import { TagsAdmin } from '../../../../src/operator/features/tags/tags-admin.js';
import { channelTagsAtom, conversationTagIdsAtom, onTagsEvent, tagsVersionAtom } from '../../../../src/operator/features/tags/tags-atoms.js';
import { outsideAct, reactMount, waitUntil, consoleAxe } from '../../support.js';

const VIP: ConversationTagInfo = { id: 1, channel_id: 1, name: 'VIP', color: 'purple' };
const BILLING: ConversationTagInfo = { id: 2, channel_id: 1, name: 'Billing', color: 'yellow' };
const ELSEWHERE: ConversationTagInfo = { id: 3, channel_id: 2, name: 'Bill elsewhere', color: 'red' };

/** A stand-in for the tag routes that records what the console sends. */
class MemoryTags {
  calls: string[] = [];
  tagList: ConversationTagInfo[] = [VIP, BILLING, ELSEWHERE];
  carried = new Map<number, number[]>([[7, [VIP.id]]]);
  async tags() {
    return this.tagList;
  }
  async conversationTags(ids: number[]) {
    return ids.map((id) => ({ session_id: id, tag_ids: this.carried.get(id) ?? [] }));
  }
  async addConversationTag(sessionId: number, name: string) {
    this.calls.push(`add ${sessionId} ${name}`);
    const tag = this.tagList.find((t) => t.name.toLowerCase() === name.toLowerCase()) ?? { id: 10 + this.tagList.length, channel_id: 1, name, color: 'gray' };
    if (!this.tagList.includes(tag)) this.tagList = [...this.tagList, tag];
    return tag;
  }
  async removeConversationTag(sessionId: number, tagId: number) {
    this.calls.push(`remove ${sessionId} ${tagId}`);
    return true;
  }
  async updateTag(tagId: number, patch: { name?: string; color?: string }) {
    this.calls.push(`update ${tagId} ${JSON.stringify(patch)}`);
    this.tagList = this.tagList.map((t) => (t.id === tagId ? { ...t, ...patch } : t));
    return this.tagList.find((t) => t.id === tagId)!;
  }
  async deleteTag(tagId: number) {
    this.calls.push(`delete ${tagId}`);
    this.tagList = this.tagList.filter((t) => t.id !== tagId);
  }
  async channels() {
    return [{ id: 1, name: 'Website' } as ChannelSettings, { id: 2, name: 'Shop' } as ChannelSettings];
  }
}

const CONVERSATION = { id: 7, channel_id: 1, visitor_name: 'Grace', messages: [] } as unknown as ConversationDetail;

function pick(select: HTMLElement, value: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('conversation tags in the console', () => {
  const dom = reactMount();
  let api: MemoryTags;
  let store: ReturnType<typeof createStore>;
  beforeEach(() => {
    api = new MemoryTags();
    store = createStore();
    store.set(channelTagsAtom, api.tagList);
    store.set(conversationTagIdsAtom, new Map([[7, [VIP.id]]]));
  });

  async function renderSection() {
    const props = { conversation: CONVERSATION, api: api as unknown as OperatorApi, store, reloadOpen() {}, sent() {} };
    await act(async () => dom.root.render(<ConversationTagsSection {...props} />));
    return within(dom.host);
  }

  it('shows the conversation’s tags as readable chips, each with a named remove button', async () => {
    const view = await renderSection();
    expect(view.getByRole('heading', { name: 'Tags' })).to.exist;
    const chip = view.getByText('VIP').parentElement!;
    expect(getComputedStyle(chip).color).to.equal('rgb(255, 255, 255)', 'light text on the dark purple');
    await act(async () => view.getByRole('button', { name: 'Remove tag VIP' }).click());
    await waitUntil(() => view.queryByText('No tags on this conversation.'));
    expect(api.calls).to.deep.equal(['remove 7 1']);
    expect(view.getByRole('status').textContent).to.equal('Tag VIP removed.');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('suggests the channel’s tags as you type; arrows and Enter add one, Escape closes', async () => {
    const view = await renderSection();
    const input = view.getByRole('combobox', { name: 'Add a tag' }) as HTMLInputElement;
    input.focus();
    await outsideAct(() => sendKeys({ type: 'bil' }));
    await waitUntil(() => input.getAttribute('aria-expanded') === 'true');
    const options = within(view.getByRole('listbox', { name: 'Matching tags' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).to.deep.equal(['Billing', 'Create tag “bil”'], 'another channel’s tag is not offered');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    await outsideAct(() => sendKeys({ press: 'ArrowDown' }));
    await waitUntil(() => input.getAttribute('aria-activedescendant') === options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).to.equal('true');
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    await waitUntil(() => view.queryByRole('button', { name: 'Remove tag Billing' }));
    expect(api.calls).to.deep.equal(['add 7 Billing']);
    expect(input.value).to.equal('');

    await outsideAct(() => sendKeys({ type: 'Refund' }));
    await waitUntil(() => view.queryByRole('option', { name: 'Create tag “Refund”' }));
    await outsideAct(() => sendKeys({ press: 'Escape' }));
    await waitUntil(() => input.getAttribute('aria-expanded') === 'false');
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    await waitUntil(() => view.queryByRole('button', { name: 'Remove tag Refund' }));
    expect(api.calls.at(-1)).to.equal('add 7 Refund');
    expect(store.get(channelTagsAtom).some((t) => t.name === 'Refund')).to.equal(true, 'a new tag joins the channel’s');
  });

  it('filters the list by tag above it and shows each row’s tags as chips', async () => {
    const conversations = [{ id: 7, channel_id: 1, visitor_name: 'Grace', origin: 'livechat', created_at: 0, closed_at: null, last_message: null, unread: 0, waiting_since: null, current_page: null, time_zone: null }] as unknown as ConversationSummary[];
    const extensions = { slots: listSlotsOf([tagsFeature]), api: api as unknown as OperatorApi, store };
    await act(async () => dom.root.render(<ConversationList conversations={conversations} selectedId={null} now={0} onSelect={() => {}} extensions={extensions} />));
    const view = within(dom.host);
    expect(view.getByRole('button', { name: /Grace.*Tags:\s*VIP/ })).to.exist;
    const filter = view.getByRole('combobox', { name: 'Filter by tag' });
    await waitUntil(() => within(filter).queryByRole('option', { name: 'Billing' }));
    pick(filter, String(BILLING.id));
    expect(store.get(listQueryAtom)).to.deep.equal({ view: 'mine', tag_id: BILLING.id });
    pick(filter, '');
    expect(store.get(listQueryAtom)).to.deep.equal({ view: 'mine' });
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('reads tags again when another console changed them, and the filtered list too', () => {
    const event = decodeConsoleNotification({ id: 1, channel: 'livechat.operator.5', message: { info: 'tags_changed', channel_id: 1, session_id: 7 } }, 5);
    expect(event.kind).to.equal('info');
    store.set(listQueryAtom, { view: 'mine', tag_id: 1 });
    const before = store.get(listQueryAtom);
    onTagsEvent(event, store, { showNotice: () => undefined, t: (key) => key });
    expect(store.get(tagsVersionAtom)).to.equal(1);
    expect(store.get(listQueryAtom)).to.not.equal(before);
    expect(decodeConsoleNotification({ id: 2, channel: 'livechat.operator.5', message: { nothing: true } }, 5).kind).to.equal('ignored');
  });

  it('lets an admin rename, recolour and delete (after confirming) each channel’s tags', async () => {
    let asked = '';
    const confirm = (text: string) => {
      asked = text;
      return true;
    };
    await act(async () => dom.root.render(<TagsAdmin api={api as unknown as OperatorApi} confirm={confirm} />));
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('region', { name: 'Channel: Shop' }));
    const name = view.getByRole('textbox', { name: 'Name of tag VIP' }) as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(name, 'Very important');
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    pick(view.getByRole('combobox', { name: 'Colour of tag VIP' }), 'custom');
    const hex = view.getByRole('textbox', { name: 'Custom colour of tag VIP (#rrggbb)' }) as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(hex, '#0b3d91');
      hex.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => view.getByRole('button', { name: 'Save tag VIP' }).click());
    await waitUntil(() => view.queryByRole('button', { name: 'Save tag Very important' }));
    expect(api.calls).to.deep.equal([`update 1 ${JSON.stringify({ name: 'Very important', color: '#0b3d91' })}`]);
    expect(view.getByText('Tag “Very important” saved.')).to.exist;
    expect(await consoleAxe(dom.host)).to.deep.equal([]);

    await act(async () => view.getByRole('button', { name: 'Delete tag Billing' }).click());
    expect(asked).to.equal('Delete the tag “Billing”? It is taken off every conversation.');
    await waitUntil(() => !view.queryByRole('button', { name: 'Delete tag Billing' }));
    expect(api.calls.at(-1)).to.equal('delete 2');
  });
});
