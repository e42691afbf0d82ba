import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { ChannelSettings, ConversationDetail, ConversationSummary, OperatorAlertSettings } from '../../../../src/protocol/operator-console.js';
import { conversationLinkHash, conversationOfLinkHash } from '../../../../src/protocol/operator-console.js';
import { loadTranslator, type Locale } from '../../../../src/platform/i18n/index.js';
import { TextProvider } from '../../../../src/operator/core/texts.js';
import { ConversationList } from '../../../../src/operator/desk/conversation-list.js';
import { ConversationPane } from '../../../../src/operator/desk/conversation-pane.js';
import { AlertSettingsPanel, type AlertSettingsApi } from '../../../../src/operator/features/alerts/alert-settings-panel.js';
import { ChannelSettingsForm } from '../../../../src/operator/features/admin/channel-settings-form.js';
import { paneExtensions, reactMount, consoleAxe } from '../../support.js';

const OFFLINE: ConversationSummary = { id: 9, channel_id: 1, visitor_name: 'Ann', origin: 'offline', created_at: 0, closed_at: null, last_message: null, unread: 1, waiting_since: 0 };
const DETAIL: ConversationDetail = {
  ...OFFLINE,
  messages: [{ id: 1, body: '<p>Where is my parcel?</p>', date: '2024-05-11 14:03:27', author_id: [0, 'Ann'], message_type: 'comment', attachment_ids: [], channel_ids: [9], is_discussion: true, is_notification: false }],
  page_history: null,
  rating: null,
  reply_email: 'ann@example.org',
};
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
  visitor_upload_types: 'image/png',
  offline_mode: 'hide_button',
  offline_text: 'Leave us a message',
  missed_after_seconds: 120,
  retention_days: null,
  queue_limit: 50,
  capacity: null,
  reassign_after_seconds: 60,
};

describe('offline messages in the console', () => {
  const dom = reactMount();

  async function render(node: React.ReactNode, lang: Locale = 'en') {
    const translator = await loadTranslator(lang);
    await act(async () => dom.root.render(<TextProvider translator={translator}>{node}</TextProvider>));
  }

  const pane = (onReply: (text: string) => Promise<void>) => (
    <ConversationPane conversation={DETAIL} visitorTyping={false} onSend={async () => {}} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={paneExtensions({ onReply })} />
  );

  it('the list marks an offline message "Offline"', async () => {
    await render(<ConversationList conversations={[OFFLINE, { ...OFFLINE, id: 10, visitor_name: 'Bob', origin: 'chat' }]} selectedId={null} now={0} onSelect={() => {}} />);
    const [ann, bob] = within(dom.host).getAllByRole('button');
    expect(ann!.textContent).to.contain('Offline');
    expect(bob!.textContent).to.not.contain('Offline');
  });

  it('answers by e-mail: no chat composer, a failure keeps the text, success says where it went', async () => {
    const sent: string[] = [];
    let fail = true;
    await render(
      pane(async (text) => {
        if (fail) throw new Error('The answer could not be sent by e-mail');
        sent.push(text);
      }),
    );
    const view = within(dom.host);
    expect(view.queryByRole('button', { name: 'Request visited pages' })).to.equal(null);
    expect(view.getByText('Left while nobody was online. Answers go to ann@example.org by e-mail.')).to.exist;
    const box = view.getByRole('textbox', { name: 'Answer to Ann by e-mail' }) as HTMLTextAreaElement;
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      setValue.call(box, 'It left today.');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => view.getByRole('button', { name: 'Send by e-mail' }).click());
    await waitUntil(() => view.queryByRole('alert'));
    expect(view.getByRole('alert').textContent).to.equal('The answer could not be sent: The answer could not be sent by e-mail');
    expect(box.value).to.equal('It left today.');
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    fail = false;
    await act(async () => view.getByRole('button', { name: 'Send by e-mail' }).click());
    await waitUntil(() => view.queryByText('Your answer was e-mailed to ann@example.org'));
    expect(sent).to.deep.equal(['It left today.']);
    expect(box.value).to.equal('');
    expect(view.queryByRole('alert')).to.equal(null);
  });

  for (const lang of ['fr', 'ar'] as const) {
    it(`the offline answer form reads in ${lang} without accessibility violations`, async () => {
      await render(pane(async () => {}), lang);
      expect(within(dom.host).queryByRole('textbox', { name: 'Answer to Ann by e-mail' })).to.equal(null);
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
    });
  }

  it('the channel settings send the offline mode, its text and the missed-after delay', async () => {
    let saved: Record<string, unknown> = {};
    const api = { updateChannel: async (_id: number, values: Record<string, unknown>) => ((saved = values), { ...CHANNEL, ...values }) as ChannelSettings };
    await render(<ChannelSettingsForm api={api} channel={CHANNEL} onSaved={() => {}} onError={() => {}} />);
    const view = within(dom.host);
    const mode = view.getByRole('combobox', { name: 'When nobody is online' }) as HTMLSelectElement;
    expect([...mode.options].map((o) => o.textContent)).to.deep.equal(['Hide the button', 'Show a message form']);
    await act(async () => {
      mode.value = 'message_form';
      mode.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const setInput = (name: string, value: string) => {
      const input = view.getByRole(name === 'Missed after (seconds)' ? 'spinbutton' : 'textbox', { name }) as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    await act(async () => setInput('Offline button text', 'Write to us'));
    await act(async () => setInput('Missed after (seconds)', '30'));
    await act(async () => view.getByRole('button', { name: 'Save Website' }).click());
    expect(saved).to.include({ offline_mode: 'message_form', offline_text: 'Write to us', missed_after_seconds: 30 });
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  it('alert mails link to the conversation in the console', () => {
    expect(conversationLinkHash(42)).to.equal('#/conversations/42');
    expect(conversationOfLinkHash('#/conversations/42')).to.equal(42);
    for (const hash of ['', '#/conversations/', '#/conversations/4x', '#/other/4']) expect(conversationOfLinkHash(hash)).to.equal(undefined);
  });
});

describe('my alerts', () => {
  const dom = reactMount();

  async function render(api: AlertSettingsApi, lang: Locale = 'en') {
    const translator = await loadTranslator(lang);
    await act(async () => dom.root.render(<TextProvider translator={translator}>{<AlertSettingsPanel api={api} />}</TextProvider>));
  }

  it('each operator changes its own alert address and which alerts it gets; a refused address stays to correct', async () => {
    let stored: OperatorAlertSettings = { email: 'me@example.org', notify_missed_chat: true, notify_offline_message: true, notify_mention: false };
    let refuse = true;
    const api: AlertSettingsApi = {
      alertSettings: async () => stored,
      setAlertSettings: async (s) => {
        if (refuse) throw new Error('Invalid email address');
        stored = s;
        return s;
      },
    };
    await render(api);
    const view = within(dom.host);
    await waitUntil(() => view.queryByRole('textbox', { name: 'E-mail address for alerts' }));
    const address = view.getByRole('textbox', { name: 'E-mail address for alerts' }) as HTMLInputElement;
    expect(address.value).to.equal('me@example.org');
    const missed = view.getByRole('checkbox', { name: 'E-mail me when a chat of my channels is missed' }) as HTMLInputElement;
    expect(missed.checked).to.equal(true);
    await act(async () => missed.click());
    const mention = view.getByRole('checkbox', { name: 'E-mail me when I\'m mentioned in a note' }) as HTMLInputElement;
    expect(mention.checked, 'off unless chosen').to.equal(false);
    await act(async () => mention.click());
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(address, 'new@example.org');
      address.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => view.getByRole('button', { name: 'Save my alerts' }).click());
    await waitUntil(() => view.queryByRole('alert'));
    expect(view.getByRole('alert').textContent).to.equal('Something went wrong: Invalid email address');
    expect(address.value).to.equal('new@example.org');
    refuse = false;
    await act(async () => view.getByRole('button', { name: 'Save my alerts' }).click());
    await waitUntil(() => view.queryByText('Your alert settings were saved'));
    expect(stored).to.deep.equal({ email: 'new@example.org', notify_missed_chat: false, notify_offline_message: true, notify_mention: true });
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
  });

  for (const lang of ['fr', 'ar'] as const) {
    it(`reads in ${lang} without accessibility violations`, async () => {
      await render({ alertSettings: async () => ({ email: null, notify_missed_chat: true, notify_offline_message: false, notify_mention: true }), setAlertSettings: async (s) => s }, lang);
      await waitUntil(() => dom.host.querySelector('form'));
      expect(within(dom.host).queryByRole('button', { name: 'Save my alerts' })).to.equal(null);
      expect(await consoleAxe(dom.host)).to.deep.equal([]);
    });
  }
});
