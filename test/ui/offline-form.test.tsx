import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { fireEvent } from '@testing-library/dom';
import { OfflineForm, type OfflineFormProps, type OfflineMessageFields } from '../../src/ui/offline/offline-form.js';
import { offlineFormCss } from '../../src/ui/offline/offline-form.css.js';
import { axeViolations } from './support/axe.js';
import { mount, recorder, uiText, unmountAll, type Mounted } from './support/mount.js';

function props(overrides: Partial<OfflineFormProps> = {}): OfflineFormProps {
  return { title: 'Leave us a message', sending: 'editing', onSend: () => {}, onClose: () => {}, ...overrides };
}

/** Mounts the form with its own stylesheet beside the widget's, as the offline chunk adopts them. */
function mountForm(overrides: Partial<OfflineFormProps> = {}, lang: 'en' | 'fr' | 'ar' = 'en'): Mounted {
  const m = mount(<OfflineForm {...props(overrides)} />, uiText(lang));
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(offlineFormCss);
  m.root.adoptedStyleSheets = [...m.root.adoptedStyleSheets, sheet];
  return m;
}

/** Lets React render what an event scheduled. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

async function type(field: HTMLElement, text: string): Promise<void> {
  field.focus();
  await sendKeys({ type: text });
}

describe('OfflineForm', () => {
  afterEach(unmountAll);

  it('is a dialog titled by the offline text, with Name, Email, Message and Send, the name field focused', () => {
    const { screen, root } = mountForm({ title: 'Write to us' });
    const dialog = screen.getByRole('dialog', { name: 'Write to us' });
    expect(dialog.getAttribute('aria-modal')).to.equal('false');
    expect(screen.getByRole('textbox', { name: 'Name' })).to.equal(root.activeElement);
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).required).to.equal(true);
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).required).to.equal(true);
    expect(screen.getByRole('button', { name: 'Send' })).to.exist;
    expect(screen.getByRole('button', { name: 'Close' })).to.exist;
  });

  it('announces what is missing or wrong beside each field, focuses it, and sends nothing', async () => {
    const onSend = recorder<[OfflineMessageFields]>();
    const { screen, root } = mountForm({ onSend });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    const email = screen.getByRole('textbox', { name: 'Email' });
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(root.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).to.equal('Please enter your email address');
    expect(root.getElementById(message.getAttribute('aria-describedby') ?? '')?.textContent).to.equal('Please write your message');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).to.deep.equal(['Please enter your email address', 'Please write your message']);
    expect(root.activeElement).to.equal(email);
    await type(email, 'not-an-email');
    expect(email.hasAttribute('aria-invalid'), 'typing clears the error').to.equal(false);
    await type(message, 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    expect(root.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).to.equal('Invalid email address');
    expect(message.hasAttribute('aria-invalid')).to.equal(false);
    expect(onSend.calls).to.deep.equal([]);
  });

  it('sends the trimmed fields once they pass the SPEC e-mail check (mailto: allowed)', async () => {
    const onSend = recorder<[OfflineMessageFields]>();
    const { screen } = mountForm({ onSend });
    await type(screen.getByRole('textbox', { name: 'Name' }), ' Ann ');
    await type(screen.getByRole('textbox', { name: 'Email' }), 'mailto:ann@example.org ');
    await type(screen.getByRole('textbox', { name: 'Message' }), ' Where is my parcel? ');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend.calls).to.deep.equal([[{ name: 'Ann', email: 'ann@example.org', message: 'Where is my parcel?' }]]);
  });

  it('while sending the button says so and is disabled; a failure keeps the text and offers to try again', async () => {
    const onSend = recorder<[OfflineMessageFields]>();
    const m = mountForm({ onSend });
    await type(m.screen.getByRole('textbox', { name: 'Email' }), 'ann@example.org');
    await type(m.screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    m.rerender(<OfflineForm {...props({ onSend, sending: 'sending' })} />);
    expect((m.screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).to.equal(true);
    m.rerender(<OfflineForm {...props({ onSend, sending: 'failed' })} />);
    expect(m.screen.getByRole('alert').textContent).to.equal('Your message could not be sent.');
    expect((m.screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).to.equal('ann@example.org');
    expect((m.screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).to.equal('Hello');
    expect(await axeViolations(m.host)).to.deep.equal([]);
    fireEvent.click(m.screen.getByRole('button', { name: 'Try again' }));
    expect(onSend.calls).to.deep.equal([[{ name: '', email: 'ann@example.org', message: 'Hello' }]]);
  });

  it('thanks the visitor once the message is stored and moves focus to Close; Escape closes', () => {
    const onClose = recorder();
    const { screen, root } = mountForm({ sending: 'sent', onClose });
    expect(screen.getByRole('status').textContent).to.equal('Thanks! We will answer by email.');
    expect(screen.queryByRole('textbox')).to.equal(null);
    const close = screen.getAllByRole('button', { name: 'Close' }).at(-1)!;
    expect(root.activeElement).to.equal(close);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose.calls).to.have.length(1);
  });

  for (const lang of ['en', 'fr', 'ar'] as const) {
    it(`has no accessibility violations (${lang}), fields in error and thanked included`, async () => {
      const editing = mountForm({}, lang);
      fireEvent.click(editing.screen.getAllByRole('button').at(-1)!);
      await settle();
      expect(editing.screen.getAllByRole('alert')).to.have.length(2);
      expect(await axeViolations(editing.host)).to.deep.equal([]);
      const sent = mountForm({ sending: 'sent' }, lang);
      expect(await axeViolations(sent.host)).to.deep.equal([]);
      if (lang === 'ar') expect(editing.screen.getByRole('dialog').getAttribute('dir')).to.equal('rtl');
    });
  }
});
