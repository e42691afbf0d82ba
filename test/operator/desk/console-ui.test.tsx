import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { act } from 'react';
import type { ConversationDetail } from '../../../src/protocol/operator-console.js';
import { ConversationPane } from '../../../src/operator/desk/conversation-pane.js';
import { LoginForm, type LoginFailure } from '../../../src/operator/app/login-form.js';
import { paneExtensions, reactMount } from '../support.js';

const detail = (body: string): ConversationDetail => ({
  id: 7,
  channel_id: 1,
  visitor_name: 'Visitor',
  origin: 'chat',
  created_at: 0,
  closed_at: null,
  last_message: null,
  unread: 0,
  waiting_since: null,
  page_history: ['/', '/shop'],
  rating: { rate: 3, reason: 'Slow <b>answer</b>' },
  reply_email: null,
  messages: [
    { id: 1, body, date: '2024-05-11 14:03:27', author_id: [0, 'Visitor'], message_type: 'comment', attachment_ids: [], channel_ids: [7], is_discussion: true, is_notification: false },
  ],
});

describe('operator console components', () => {
  const dom = reactMount();

  it('message bodies from the server cannot run script or leak markup into the page', async () => {
    const fired: string[] = [];
    (window as unknown as { __xss: (x: string) => void }).__xss = (x) => fired.push(x);
    const payloads = [
      '<p>hi<img src=x onerror="__xss(1)"></p>',
      '<p><a href="javascript:__xss(2)">link</a></p>',
      '<svg><script>__xss(3)</script></svg>',
      '<p><iframe srcdoc="<script>parent.__xss(4)</script>"></iframe>ok</p>',
    ];
    const before = document.body.children.length;
    for (const body of payloads) {
      act(() => dom.root.render(<ConversationPane conversation={detail(body)} visitorTyping={false} onSend={async () => {}} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={paneExtensions()} />));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(fired).to.deep.equal([]);
    // The console's own icons (the attach button's) are not the messages' doing: only the messages are searched.
    const messages = within(dom.host).getByRole('list', { name: 'Messages with Visitor' });
    expect(messages.querySelectorAll('img, script, iframe, svg').length).to.equal(0);
    expect(dom.host.querySelector('a')?.getAttribute('href') ?? null).to.equal(null);
    expect(document.body.children.length, 'nothing is added outside the console').to.equal(before);
  });

  it('shows page history and the rating as text; Enter sends the trimmed text and empties the composer', async () => {
    const sent: string[] = [];
    act(() => dom.root.render(<ConversationPane conversation={detail('<p>Hello</p>')} visitorTyping={true} onSend={async (t) => void sent.push(t)} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={paneExtensions()} />));
    const view = within(dom.host);
    expect(view.getByText('/shop')).to.exist;
    expect(view.getByText('Rating: 😐 neutral')).to.exist;
    expect(view.getByText('Reason: Slow <b>answer</b>')).to.exist;
    expect(view.getByRole('status', { name: '' }).textContent).to.equal('Visitor is typing...');
    const box = view.getByRole('textbox', { name: 'Message to Visitor' }) as HTMLTextAreaElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    act(() => {
      setValue?.call(box, '  Hi there  ');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await waitUntil(() => sent.length === 1);
    expect(sent).to.deep.equal(['Hi there']);
    expect(box.value).to.equal('');
  });

  it('a styled "Attach files" button opens the file chooser, attaches the chosen files, and says clearly when the server refuses them', async () => {
    const sent: string[][] = [];
    let refuse = false;
    const onAttach = async (files: File[]) => {
      sent.push(files.map((f) => f.name));
      if (refuse) throw new Error('The file is too large: at most 25 MB per file');
    };
    act(() => dom.root.render(<ConversationPane conversation={detail('<p>Hi</p>')} visitorTyping={false} onSend={async () => {}} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={paneExtensions({ onAttach })} />));
    const button = within(dom.host).getByRole('button', { name: 'Attach files' });
    // The browser's own file chooser cannot be driven from a page; the hidden input it belongs to can.
    const input = dom.host.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.hidden, 'no bare browser file input shows').to.equal(true);
    let opened = 0;
    input.addEventListener('click', (event) => {
      opened += 1;
      event.preventDefault();
    });
    button.click();
    expect(opened, 'the button opens the chooser').to.equal(1);
    const choose = async (...names: string[]) => {
      const transfer = new DataTransfer();
      for (const name of names) transfer.items.add(new File(['x'], name, { type: 'text/plain' }));
      input.files = transfer.files;
      await act(async () => {
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
    };
    await choose('a.txt', 'b.txt');
    await waitUntil(() => sent.length === 1 && !button.hasAttribute('disabled'));
    expect(sent).to.deep.equal([['a.txt', 'b.txt']]);
    refuse = true;
    await choose('big.bin');
    await waitUntil(() => dom.host.querySelector('[role="alert"]'));
    expect(within(dom.host).getByRole('alert').textContent).to.equal('The files could not be sent: The file is too large: at most 25 MB per file');
    expect(within(dom.host).getByRole('button', { name: 'Attach files' }).hasAttribute('disabled'), 'ready to try again').to.equal(false);
  });

  it('shows received pictures as previews and every attachment as a link with its size; no script links', () => {
    const withFiles = detail('<p>files</p>');
    withFiles.messages[0]!.attachment_ids = [
      { id: 'p1', name: 'photo.png', filename: 'photo.png', mimetype: 'image/png', type: 'file', url: '/web/content/p1?download=true&access_token=t', file_size: 2048 },
      { id: 'u1', name: 'evil', filename: 'evil', mimetype: 'text/uri-list', type: 'url', url: 'javascript:alert(1)' },
    ];
    act(() => dom.root.render(<ConversationPane conversation={withFiles} visitorTyping={false} onSend={async () => {}} onComposerInput={() => {}} onRequestHistory={() => {}} onClose={() => {}} extensions={paneExtensions()} />));
    const list = within(within(dom.host).getByRole('list', { name: 'Attachments' }));
    const preview = list.getByRole('img', { name: 'photo.png' });
    expect(preview.getAttribute('src')).to.equal('/web/content/p1?download=true&access_token=t');
    expect([preview.getAttribute('loading'), preview.getAttribute('decoding')], 'decoded off the main thread, only when scrolled to').to.deep.equal(['lazy', 'async']);
    expect(list.getByRole('link', { name: 'photo.png' }).getAttribute('href')).to.equal('/web/content/p1?download=true&access_token=t');
    expect(list.getByText('(2.00 Kb)')).to.exist;
    expect(list.getByText('evil').closest('a')?.hasAttribute('href')).to.equal(false);
  });

  it('the log-in form says clearly when the credentials are wrong', async () => {
    act(() => dom.root.render(<LoginForm onLogin={() => Promise.reject<void>('wrong_credentials' satisfies LoginFailure)} />));
    const view = within(dom.host);
    const login = view.getByRole('textbox', { name: 'Login' }) as HTMLInputElement;
    const password = view.getByLabelText('Password') as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    act(() => {
      setValue?.call(login, 'admin');
      login.dispatchEvent(new Event('input', { bubbles: true }));
      setValue?.call(password, 'nope');
      password.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // The refusal arrives a microtask later; awaiting act() keeps that update inside it.
    await act(async () => view.getByRole('button', { name: 'Log in' }).click());
    await waitUntil(() => dom.host.querySelector('[role="alert"]'));
    expect(view.getByRole('alert').textContent).to.equal('Wrong login or password');
  });
});
