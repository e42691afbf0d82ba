import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PrechatAnswers, PrechatProblem } from '../../src/state/prechat.js';
import { PrechatForm } from '../../src/ui/prechat/prechat-form.js';
import { ChatWindow } from '../../src/ui/window/chat-window.js';
import { axeViolations } from './support/axe.js';
import { mount, uiText, unmountAll } from './support/mount.js';

const noop = (): void => {};

function inWindow(node: React.ReactNode) {
  return (
    <ChatWindow title="Chat with one of our collaborators" status="online" unreadCount={0} typingNames={[]} folded={false} mobile={false} onToggleFold={noop} onClose={noop}>
      {node}
    </ChatWindow>
  );
}

describe('pre-chat form', () => {
  afterEach(unmountAll);

  it('asks a name and an e-mail address, focuses the name, and sends what was typed', async () => {
    const sent: PrechatAnswers[] = [];
    const { screen } = mount(inWindow(<PrechatForm askEmail initial={{}} sending={false} onSubmit={async (a) => (sent.push(a), [])} />));
    const form = screen.getByRole('form', { name: 'Before we start, please tell us who you are.' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitUntil(() => name.matches(':focus'));
    await sendKeys({ type: 'Grace' });
    screen.getByRole('textbox', { name: 'Email' }).focus();
    await sendKeys({ type: 'grace@example.org' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => sent.length === 1);
    expect(sent).to.deep.equal([{ name: 'Grace', email: 'grace@example.org' }]);
    expect(form).to.exist;
  });

  it('marks what to correct, keeps what was typed, and focuses the first field to fix', async () => {
    const sent: PrechatAnswers[] = [];
    const { screen } = mount(inWindow(<PrechatForm askEmail initial={{ name: 'Ada' }} sending={false} onSubmit={async (a) => (sent.push(a), [])} />));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitUntil(() => email.matches(':focus'), 'a known name: the address is what is left');
    await sendKeys({ type: 'not an address' });
    screen.getByRole('button', { name: 'Start the chat' }).click();
    await waitUntil(() => email.getAttribute('aria-invalid') === 'true');
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-describedby')).to.not.equal(null);
    expect(screen.getByText('Invalid email address')).to.exist;
    expect((email as HTMLInputElement).value).to.equal('not an address');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).to.equal('Ada');
    expect(sent).to.deep.equal([]);
  });

  it('shows the problems the state finds, and disables everything while the chat starts', async () => {
    const answer: PrechatProblem[] = ['name'];
    const { screen, rerender } = mount(inWindow(<PrechatForm askEmail={false} initial={{ name: '\u0007' }} sending={false} onSubmit={async () => answer} />));
    expect(screen.queryByRole('textbox', { name: 'Email' })).to.equal(null);
    screen.getByRole('button', { name: 'Start the chat' }).click();
    await screen.findByText('Please enter your name');
    rerender(inWindow(<PrechatForm askEmail={false} initial={{}} sending onSubmit={async () => []} />));
    expect((screen.getByRole('button', { name: 'Start the chat' }) as HTMLButtonElement).disabled).to.equal(true);
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).disabled).to.equal(true);
  });

  for (const lang of ['en', 'fr', 'ar'] as const) {
    it(`has no accessibility violation, fresh and with errors (${lang})`, async () => {
      const { host, screen } = mount(inWindow(<PrechatForm askEmail initial={{}} sending={false} onSubmit={async () => ['name', 'email']} />), uiText(lang));
      expect(await axeViolations(host)).to.deep.equal([]);
      const submit = { en: 'Start the chat', fr: 'Commencer la discussion', ar: 'بدء المحادثة' }[lang];
      screen.getByRole('button', { name: submit }).click();
      await waitUntil(() => screen.getAllByRole('textbox').every((t) => t.getAttribute('aria-invalid') === 'true'));
      expect(await axeViolations(host)).to.deep.equal([]);
    });
  }
});
