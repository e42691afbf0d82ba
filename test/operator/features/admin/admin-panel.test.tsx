import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { ChannelSettings, IdentitySecretStatus, NewOperatorAccount, OperatorAccount } from '../../../../src/protocol/operator-console.js';
import { AdminPanel, type AdminApi } from '../../../../src/operator/features/admin/admin-panel.js';
import { chooseFile, drawnPicture } from '../../picture-support.js';
import { loadConsoleStyles, reactMount, waitUntil, type ConsoleStyles, consoleAxe } from '../../support.js';

const CHANNEL: ChannelSettings = {
  id: 1,
  name: 'Website',
  button_text: 'Chat with one of our collaborators',
  default_message: 'How may I help you?',
  input_placeholder: 'Ask something ...',
  button_background_color: null,
  button_text_color: null,
  header_background_color: null,
  title_color: null,
  rule_action: 'display_button',
  auto_popup_timer: 0,
  rule_url_pattern: null,
  prechat_form: 'off',
  visitor_uploads: true,
  visitor_upload_max_bytes: 10 * 1024 * 1024,
  visitor_upload_types: 'image/png,image/jpeg,application/pdf',
  offline_mode: 'hide_button',
  offline_text: 'Leave us a message',
  missed_after_seconds: 120,
  retention_days: null,
  queue_limit: 50,
  capacity: null,
  reassign_after_seconds: 60,
};

/**
 * An in-memory stand-in for the admin routes that records what the panel sends; the routes themselves
 * (rights, hashing, validation) are tested over HTTP on both engines and end to end in Playwright.
 */
class MemoryAdmin implements AdminApi {
  calls: string[] = [];
  list: OperatorAccount[] = [{ id: 1, login: 'admin', name: 'Administrator', email: null, is_admin: true, channel_ids: [1], has_avatar: false, avatar_url: '/web/partner_image/1' }];
  channel = { ...CHANNEL };
  async operators() {
    return this.list;
  }
  async channels() {
    return [this.channel];
  }
  async addOperator(a: NewOperatorAccount) {
    this.calls.push(`add ${JSON.stringify(a)}`);
    const id = this.list.length + 1;
    const account = { id, login: a.login, name: a.name, email: a.email ?? null, is_admin: a.is_admin ?? false, channel_ids: a.channel_ids ?? [], has_avatar: false, avatar_url: `/web/partner_image/${id}` };
    this.list = [...this.list, account];
    return account;
  }
  async removeOperator(id: number) {
    this.calls.push(`remove ${id}`);
    this.list = this.list.filter((o) => o.id !== id);
  }
  async resetPassword(id: number, password: string) {
    this.calls.push(`reset ${id} ${password}`);
  }
  secrets: IdentitySecretStatus[] = [];
  async identitySecrets() {
    return this.secrets;
  }
  async generateIdentitySecret(id: number) {
    this.calls.push(`generate ${id}`);
    const made = { channel_id: id, created_at: Date.UTC(2024, 4, 15, 12), secret: `${this.calls.length}`.repeat(64).slice(0, 64) };
    this.secrets = [{ channel_id: id, created_at: made.created_at }];
    return made;
  }
  async removeIdentitySecret(id: number) {
    this.calls.push(`remove secret ${id}`);
    this.secrets = [];
  }
  pictures: Blob[] = [];
  async setProfileName(name: string, operatorId?: number) {
    this.calls.push(`name ${operatorId} ${name}`);
    this.list = this.list.map((o) => (o.id === operatorId ? { ...o, name: name.trim() } : o));
    return this.profileOf(operatorId);
  }
  async setProfilePicture(picture: Blob, operatorId?: number) {
    this.calls.push(`picture ${operatorId}`);
    this.pictures.push(picture);
    this.list = this.list.map((o) => (o.id === operatorId ? { ...o, has_avatar: true, avatar_url: `/web/partner_image/${o.id}?v=${this.pictures.length}` } : o));
    return this.profileOf(operatorId);
  }
  async removeProfilePicture(operatorId?: number) {
    this.calls.push(`remove picture ${operatorId}`);
    this.list = this.list.map((o) => (o.id === operatorId ? { ...o, has_avatar: false } : o));
    return this.profileOf(operatorId);
  }
  private profileOf(id: number | undefined) {
    const o = this.list.find((x) => x.id === id)!;
    return { id: o.id, name: o.name, has_avatar: o.has_avatar, avatar_url: o.avatar_url };
  }
  async updateChannel(id: number, values: Partial<ChannelSettings>) {
    if (values.rule_url_pattern === '(') throw new Error('rule_url_pattern is not a valid regular expression');
    this.calls.push(`update ${id} ${JSON.stringify(values)}`);
    this.channel = { ...this.channel, ...values };
    return this.channel;
  }
}

function type(input: HTMLElement, value: string): void {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

describe('operator console administration', () => {
  const dom = reactMount();
  // Target sizes are the stylesheet's, as on the console's page.
  let styles: ConsoleStyles;
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());
  let api: MemoryAdmin;
  beforeEach(async () => {
    api = new MemoryAdmin();
    await act(async () => dom.root.render(<AdminPanel api={api} selfId={1} />));
    await waitUntil(() => dom.host.querySelector('table'));
  });

  it('adds an operator to every channel by default, then lists it; the admin cannot remove itself', async () => {
    const view = within(dom.host);
    expect(view.queryByRole('button', { name: 'Remove Administrator' })).to.equal(null);
    const form = within(view.getByRole('form', { name: 'Add an operator' }));
    type(form.getByRole('textbox', { name: 'Name' }), 'Nora');
    type(form.getByRole('textbox', { name: 'Login' }), 'nora');
    type(form.getByLabelText('Password'), 'correct horse');
    expect((form.getByRole('checkbox', { name: 'Website' }) as HTMLInputElement).checked).to.equal(true);
    await act(async () => form.getByRole('button', { name: 'Add operator' }).click());
    await waitUntil(() => view.queryByRole('rowheader', { name: 'Nora' }));
    expect(api.calls).to.deep.equal([`add ${JSON.stringify({ login: 'nora', name: 'Nora', password: 'correct horse', is_admin: false, channel_ids: [1] })}`]);
    expect(view.getByRole('status').textContent).to.equal('Nora was added');
  });

  it('resets a password and removes an operator only after a confirmation', async () => {
    api.list = [...api.list, { id: 2, login: 'sam', name: 'Sam', email: null, is_admin: false, channel_ids: [1], has_avatar: false, avatar_url: '/web/partner_image/2' }];
    await act(async () => dom.root.render(<AdminPanel api={api} selfId={1} key="again" />));
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('button', { name: 'Reset password of Sam' }));
    act(() => view.getByRole('button', { name: 'Reset password of Sam' }).click());
    type(view.getByLabelText('New password for Sam'), 'fresh password');
    await act(async () => view.getByRole('button', { name: 'Save password' }).click());
    await waitUntil(() => view.getByRole('status').textContent === 'The password of Sam was changed');
    act(() => view.getByRole('button', { name: 'Remove Sam' }).click());
    expect(api.calls).to.deep.equal(['reset 2 fresh password'], 'nothing removed before the confirmation');
    await act(async () => view.getByRole('button', { name: 'Confirm removal of Sam' }).click());
    await waitUntil(() => !view.queryByRole('rowheader', { name: 'Sam' }));
    expect(api.calls).to.deep.equal(['reset 2 fresh password', 'remove 2']);
  });

  it('saves channel texts, colours and the rule; a malformed colour is not sent and a refused value shows as an error', async () => {
    const view = within(dom.host);
    const form = within(view.getByRole('form', { name: 'Channel Website' }));
    type(form.getByRole('textbox', { name: 'Button text' }), 'Talk to us');
    type(form.getByRole('textbox', { name: 'Button background' }), '#112233');
    type(form.getByRole('combobox', { name: 'Action' }), 'auto_popup');
    type(form.getByRole('spinbutton', { name: 'Open after (seconds)' }), '12');
    await act(async () => form.getByRole('button', { name: 'Save Website' }).click());
    await waitUntil(() => view.getByRole('status').textContent === 'The settings of Website were saved');
    const sent = JSON.parse(api.calls[0]!.replace('update 1 ', '')) as Record<string, unknown>;
    expect(sent).to.include({ button_text: 'Talk to us', button_background_color: '#112233', button_text_color: null, rule_action: 'auto_popup', auto_popup_timer: 12, rule_url_pattern: null });

    type(form.getByRole('textbox', { name: 'Button background' }), 'red');
    await act(async () => form.getByRole('button', { name: 'Save Website' }).click());
    expect(api.calls, 'the browser keeps a malformed colour from being sent').to.have.length(1);

    type(form.getByRole('textbox', { name: 'Button background' }), '');
    type(form.getByRole('textbox', { name: /Only on pages matching/ }), '(');
    await act(async () => form.getByRole('button', { name: 'Save Website' }).click());
    await waitUntil(() => view.queryByRole('alert'));
    expect(view.getByRole('alert').textContent).to.equal('Something went wrong: rule_url_pattern is not a valid regular expression');
  });

  it('turns the pre-chat form on', async () => {
    const form = within(within(dom.host).getByRole('form', { name: 'Channel Website' }));
    type(form.getByRole('combobox', { name: 'Pre-chat form' }), 'name_email');
    await act(async () => form.getByRole('button', { name: 'Save Website' }).click());
    await waitUntil(() => api.calls.length === 1);
    expect(JSON.parse(api.calls[0]!.replace('update 1 ', ''))).to.include({ prechat_form: 'name_email' });
  });

  it('generates an identity secret shown once in a read-only field, rotates it only after a confirmation, removes it', async () => {
    const view = within(dom.host);
    const box = within(view.getByRole('group', { name: 'Identity verification' }));
    expect(box.getByText('No secret yet: verified identities are refused.')).to.exist;
    expect(box.queryByRole('textbox', { name: 'Identity secret' })).to.equal(null);
    await act(async () => box.getByRole('button', { name: 'Generate secret' }).click());
    await waitUntil(() => box.queryByRole('textbox', { name: 'Identity secret' }));
    const field = box.getByRole('textbox', { name: 'Identity secret' }) as HTMLInputElement;
    expect(field.readOnly).to.equal(true);
    expect(field.value).to.equal('1'.repeat(64));
    expect(box.getByText(/it will not be shown again/)).to.exist;
    expect(box.getByText(/^A secret is set since /)).to.exist;

    act(() => box.getByRole('button', { name: 'Rotate secret' }).click());
    expect(api.calls).to.deep.equal(['generate 1'], 'nothing rotated before the confirmation');
    expect(box.getByText('Hashes made with the current secret stop working at once.')).to.exist;
    await act(async () => box.getByRole('button', { name: 'Confirm rotation' }).click());
    await waitUntil(() => (box.getByRole('textbox', { name: 'Identity secret' }) as HTMLInputElement).value === '2'.repeat(64));

    await act(async () => box.getByRole('button', { name: 'Remove secret' }).click());
    await waitUntil(() => box.queryByText('No secret yet: verified identities are refused.'));
    expect(box.queryByRole('textbox', { name: 'Identity secret' })).to.equal(null);
    expect(api.calls).to.deep.equal(['generate 1', 'generate 1', 'remove secret 1']);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('turns visitor files off, or changes their largest size and accepted types', async () => {
    const view = within(dom.host);
    const form = within(view.getByRole('form', { name: 'Channel Website' }));
    const files = within(form.getByRole('group', { name: 'Visitor files' }));
    const allowed = files.getByRole('checkbox', { name: 'Visitors may send files' }) as HTMLInputElement;
    expect(allowed.checked).to.equal(true);
    expect((files.getByRole('spinbutton', { name: 'Largest file (MB)' }) as HTMLInputElement).value).to.equal('10');
    type(files.getByRole('spinbutton', { name: 'Largest file (MB)' }), '2.5');
    type(files.getByRole('textbox', { name: 'Accepted file types' }), 'image/*');
    act(() => allowed.click());
    await act(async () => form.getByRole('button', { name: 'Save Website' }).click());
    await waitUntil(() => view.getByRole('status').textContent === 'The settings of Website were saved');
    const sent = JSON.parse(api.calls[0]!.replace('update 1 ', '')) as Record<string, unknown>;
    expect(sent).to.include({ visitor_uploads: false, visitor_upload_max_bytes: 2.5 * 1024 * 1024, visitor_upload_types: 'image/*' });
  });

  it('sets a capacity and the reassign delay, or empties them for no limit and never', async () => {
    const view = within(dom.host);
    const form = within(view.getByRole('form', { name: 'Channel Website' }));
    const routing = within(form.getByRole('group', { name: 'Routing' }));
    const capacity = routing.getByRole('spinbutton', { name: 'Conversations per operator at once' }) as HTMLInputElement;
    const delay = routing.getByRole('spinbutton', { name: 'Move an unanswered conversation after (seconds)' }) as HTMLInputElement;
    expect([capacity.value, delay.value]).to.deep.equal(['', '60']);
    type(capacity, '4');
    type(delay, '90');
    await act(async () => form.getByRole('button', { name: 'Save Website' }).click());
    await waitUntil(() => api.calls.length === 1);
    expect(JSON.parse(api.calls[0]!.replace('update 1 ', ''))).to.include({ capacity: 4, reassign_after_seconds: 90 });
    type(capacity, '');
    type(delay, '');
    await act(async () => form.getByRole('button', { name: 'Save Website' }).click());
    await waitUntil(() => api.calls.length === 2);
    expect(JSON.parse(api.calls[1]!.replace('update 1 ', ''))).to.include({ capacity: null, reassign_after_seconds: null });
    type(capacity, '101');
    await act(async () => form.getByRole('button', { name: 'Save Website' }).click());
    expect(api.calls, 'the browser keeps a capacity past 100 from being sent').to.have.length(2);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('edits another operator\'s profile: its name and a picture cropped square, shown in the operators table', async () => {
    api.list = [...api.list, { id: 2, login: 'olga', name: 'Olga', email: null, is_admin: false, channel_ids: [1], has_avatar: false, avatar_url: '/web/partner_image/2' }];
    await act(async () => dom.root.render(<AdminPanel api={api} selfId={1} key="with-olga" />));
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('button', { name: 'Edit profile of Olga' }));
    await act(async () => view.getByRole('button', { name: 'Edit profile of Olga' }).click());
    const dialog = within(within(document.body).getByRole('dialog', { name: 'Profile of Olga' }));
    type(dialog.getByRole('textbox', { name: 'Display name' }), 'Olga K.');
    await act(async () => dialog.getByRole('button', { name: 'Save name' }).click());
    await waitUntil(() => view.queryByRole('rowheader', { name: 'Olga K.' }));
    await act(async () => chooseFile(dom.host.querySelector('dialog')!, await drawnPicture(120, 300)));
    await waitUntil(() => dialog.queryByRole('status')?.textContent === 'Picture saved');
    expect(api.calls).to.deep.equal(['name 2 Olga K.', 'picture 2']);
    const picture = await createImageBitmap(api.pictures[0]!);
    expect([picture.width, picture.height]).to.deep.equal([256, 256]);
    const row = view.getByRole('rowheader', { name: 'Olga K.' });
    expect(row.querySelector('img')?.getAttribute('src')).to.equal('/web/partner_image/2?v=1');
    act(() => dialog.getByRole('button', { name: 'Close' }).click());
    expect(within(document.body).queryByRole('dialog', { name: /Profile of/ })).to.equal(null);
  });
});
