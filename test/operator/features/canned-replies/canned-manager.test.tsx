import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { CannedReply, CannedReplyList } from '../../../../src/protocol/canned-replies.js';
import { loadTranslator } from '../../../../src/platform/i18n/index.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import type { CannedApi } from '../../../../src/operator/features/canned-replies/canned-api.js';
import { CannedEditor } from '../../../../src/operator/features/canned-replies/canned-editor.js';
import { CannedManager } from '../../../../src/operator/features/canned-replies/canned-manager.js';
import { reactMount, waitUntil, consoleAxe } from '../../support.js';

/** An in-memory stand-in for the routes, which are tested over HTTP on both engines. */
class MemoryCanned implements CannedApi {
  calls: string[] = [];
  next = 10;
  constructor(
    public replies: CannedReply[],
    readonly channels: CannedReplyList['channels'],
    readonly admin: boolean,
  ) {}
  async list() {
    return { replies: [...this.replies], channels: this.channels };
  }
  async create(channelId: number | null, shortcut: string, text: string) {
    this.calls.push(`create ${channelId} ${shortcut} ${text}`);
    const reply = { id: this.next++, channel_id: channelId, shortcut, text, editable: true };
    this.replies.push(reply);
    return reply;
  }
  async update(id: number, shortcut: string, text: string) {
    this.calls.push(`update ${id} ${shortcut} ${text}`);
    if (shortcut === 'taken') throw new Error('The shortcut /taken is already used here');
    this.replies = this.replies.map((r) => (r.id === id ? { ...r, shortcut, text } : r));
    return this.replies.find((r) => r.id === id)!;
  }
  async remove(id: number) {
    this.calls.push(`remove ${id}`);
    this.replies = this.replies.filter((r) => r.id !== id);
  }
  async values() {
    return { 'visitor.name': null, 'visitor.email': null, 'operator.name': null, 'channel.name': null };
  }
}

const MINE: CannedReply = { id: 1, channel_id: null, shortcut: 'hello', text: 'Hi {{visitor.name | there}}', editable: true };
const SHARED: CannedReply = { id: 2, channel_id: 1, shortcut: 'bye', text: 'Bye', editable: false };

describe('managing canned replies', () => {
  const dom = reactMount();

  async function render(node: React.ReactNode) {
    const translator = await loadTranslator('en');
    await act(async () => dom.root.render(<TextProvider translator={translator}>{node}</TextProvider>));
  }

  function typeInto(field: HTMLElement, value: string) {
    const input = field as HTMLInputElement | HTMLTextAreaElement;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
    act(() => {
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }

  it('the editor names an unknown variable before asking the server, and shows the server’s refusal', async () => {
    const saved: string[] = [];
    let refuse = true;
    await render(
      <CannedEditor
        onSave={async (s, t) => {
          if (refuse) throw new Error('The shortcut /x is already used here');
          saved.push(`${s}|${t}`);
        }}
        onCancel={() => {}}
      />,
    );
    const form = within(dom.host).getByRole('form', { name: 'New canned reply' });
    typeInto(within(form).getByRole('textbox', { name: 'Shortcut' }), 'x');
    typeInto(within(form).getByRole('textbox', { name: 'Text' }), 'Order {{order.id}}');
    expect(within(form).getByRole('alert').textContent).to.equal('Unknown variable {{order.id}}');
    act(() => within(form).getByRole('button', { name: 'Save' }).click());
    expect(saved).to.deep.equal([]);
    typeInto(within(form).getByRole('textbox', { name: 'Text' }), 'Hi {{ visitor.name | there }}');
    expect(within(form).queryByRole('alert')).to.equal(null);
    act(() => within(form).getByRole('button', { name: 'Save' }).click());
    await waitUntil(() => within(form).queryByRole('alert')?.textContent?.includes('already used'));
    refuse = false;
    act(() => within(form).getByRole('button', { name: 'Save' }).click());
    await waitUntil(() => saved.length === 1);
    expect(saved).to.deep.equal(['x|Hi {{ visitor.name | there }}']);
  });

  it('an operator’s view: its own replies editable, its channels’ shared ones read-only', async () => {
    const api = new MemoryCanned([MINE, SHARED], [{ id: 1, name: 'Website' }], false);
    await render(<CannedManager api={api} scope="own" />);
    await waitUntil(() => within(dom.host).queryByRole('region', { name: 'My replies' }));
    const mine = within(within(dom.host).getByRole('region', { name: 'My replies' }));
    const shared = within(within(dom.host).getByRole('region', { name: 'Shared by Website' }));
    expect(mine.getByRole('button', { name: 'Edit /hello' })).to.exist;
    expect(shared.getByText('/bye')).to.exist;
    expect(shared.queryAllByRole('button')).to.deep.equal([], 'no Edit, no Delete, no New reply');
    act(() => mine.getByRole('button', { name: 'New reply' }).click());
    typeInto(mine.getByRole('textbox', { name: 'Shortcut' }), 'thanks');
    typeInto(mine.getByRole('textbox', { name: 'Text' }), 'Thank you, {{visitor.name}}!');
    act(() => mine.getByRole('button', { name: 'Save' }).click());
    await waitUntil(() => within(dom.host).queryByText('/thanks saved'));
    expect(api.calls).to.deep.equal(['create null thanks Thank you, {{visitor.name}}!']);
    act(() => mine.getByRole('button', { name: 'Delete /hello' }).click());
    await waitUntil(() => within(dom.host).queryByText('/hello deleted'));
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('the Administration section: every channel’s shared replies, editable, added per channel', async () => {
    const api = new MemoryCanned([MINE, { ...SHARED, editable: true }], [{ id: 1, name: 'Website' }, { id: 2, name: 'Shop' }], true);
    await render(<CannedManager api={api} scope="shared" />);
    await waitUntil(() => within(dom.host).queryByRole('region', { name: 'Shared by Shop' }));
    expect(within(dom.host).queryByText('/hello'), 'personal replies are not shown there').to.equal(null);
    const website = within(within(dom.host).getByRole('region', { name: 'Shared by Website' }));
    act(() => website.getByRole('button', { name: 'Edit /bye' }).click());
    typeInto(website.getByRole('textbox', { name: 'Shortcut' }), 'taken');
    act(() => website.getByRole('button', { name: 'Save' }).click());
    await waitUntil(() => website.queryByRole('alert')?.textContent?.includes('already used'));
    const shop = within(within(dom.host).getByRole('region', { name: 'Shared by Shop' }));
    act(() => shop.getByRole('button', { name: 'New reply' }).click());
    typeInto(shop.getByRole('textbox', { name: 'Shortcut' }), 'welcome');
    typeInto(shop.getByRole('textbox', { name: 'Text' }), 'Welcome to {{channel.name}}');
    act(() => shop.getByRole('button', { name: 'Save' }).click());
    await waitUntil(() => api.calls.includes('create 2 welcome Welcome to {{channel.name}}'));
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });
});
