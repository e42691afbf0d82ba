import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { fireEvent } from '@testing-library/dom';
import type { Rate } from '../../src/protocol/livechat.js';
import { FeedbackPanel, type FeedbackPanelProps } from '../../src/ui/feedback/feedback-panel.js';
import { mount, recorder, unmountAll } from './support/mount.js';

function props(overrides: Partial<FeedbackPanelProps> = {}): FeedbackPanelProps {
  return {
    stage: 'choosing',
    transcript: 'idle',
    onRate: () => {},
    onSendReason: () => {},
    onNoFeedback: () => {},
    onSendTranscript: () => {},
    onTranscriptRetry: () => {},
    ...overrides,
  };
}

describe('FeedbackPanel', () => {
  afterEach(unmountAll);

  it('offers three smileys named Happy (5), Neutral (3) and Sad (1)', () => {
    const onRate = recorder<[Rate]>();
    const { screen } = mount(<FeedbackPanel {...props({ onRate })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Happy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Neutral' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sad' }));
    expect(onRate.calls).to.deep.equal([[5], [3], [1]]);
    expect(screen.queryByRole('textbox', { name: 'Explain your note' })).to.equal(null);
  });

  it('shows the reason box for 3 or 1 and sends its text', async () => {
    const onSendReason = recorder<[string]>();
    const { screen } = mount(<FeedbackPanel {...props({ stage: 'explaining', rate: 1, onSendReason })} />);
    expect(screen.getByRole('button', { name: 'Sad' }).getAttribute('aria-pressed')).to.equal('true');
    const box = screen.getByRole('textbox', { name: 'Explain your note' });
    box.focus();
    await sendKeys({ type: ' Too slow ' });
    const send = screen.getAllByRole('button', { name: 'Send' })[0] as HTMLElement;
    fireEvent.click(send);
    expect(onSendReason.calls).to.deep.equal([['Too slow']]);
  });

  it('thanks the visitor once the rating is sent', () => {
    const { screen } = mount(<FeedbackPanel {...props({ stage: 'thanked', rate: 5 })} />);
    expect(screen.getByRole('status').textContent).to.equal('Thank you for your feedback');
    expect(screen.queryByRole('button', { name: 'Happy' })).to.equal(null);
  });

  it('has a "No feedback" button', () => {
    const onNoFeedback = recorder();
    const { screen } = mount(<FeedbackPanel {...props({ onNoFeedback })} />);
    fireEvent.click(screen.getByRole('button', { name: 'No feedback' }));
    expect(onNoFeedback.calls).to.have.length(1);
  });

  describe('transcript', () => {
    it('marks an invalid address with the title "Invalid email address" and does not send it', async () => {
      const onSendTranscript = recorder<[string]>();
      const { screen } = mount(<FeedbackPanel {...props({ onSendTranscript })} />);
      const email = screen.getByRole('textbox', { name: 'Email' });
      email.focus();
      await sendKeys({ type: 'not-an-address' });
      await sendKeys({ press: 'Enter' });
      const flagged = await screen.findByTitle('Invalid email address');
      expect(flagged).to.equal(email);
      expect(email.getAttribute('aria-invalid')).to.equal('true');
      expect(onSendTranscript.calls).to.have.length(0);
    });

    it('sends a valid address (mailto: allowed) with the Send button', async () => {
      const onSendTranscript = recorder<[string]>();
      const { screen } = mount(<FeedbackPanel {...props({ onSendTranscript })} />);
      screen.getByRole('textbox', { name: 'Email' }).focus();
      await sendKeys({ type: 'mailto:visitor@example.com' });
      const send = screen.getAllByRole('button', { name: 'Send' }).at(-1) as HTMLElement;
      fireEvent.click(send);
      expect(onSendTranscript.calls).to.deep.equal([['visitor@example.com']]);
    });

    it('disables the field and button while sending, then shows "Conversation Sent"', () => {
      const { screen, rerender } = mount(<FeedbackPanel {...props({ transcript: 'sending' })} />);
      expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).disabled).to.equal(true);
      expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).to.equal(true);
      rerender(<FeedbackPanel {...props({ transcript: 'sent' })} />);
      expect(screen.getByText('Conversation Sent')).to.exist;
    });

    it('hides the e-mail area on failure and its "Try again" brings the field back, focused and filled', async () => {
      const onTranscriptRetry = recorder();
      const { screen, rerender } = mount(<FeedbackPanel {...props()} />);
      screen.getByRole('textbox', { name: 'Email' }).focus();
      await sendKeys({ type: 'visitor@example.com' });
      rerender(<FeedbackPanel {...props({ transcript: 'failed', onTranscriptRetry })} />);
      expect(screen.queryByRole('textbox', { name: 'Email' })).to.equal(null);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).to.contain('Oops! Something went wrong.');
      expect(alert.textContent).to.contain('Please check your internet connection.');
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(onTranscriptRetry.calls).to.have.length(1);
      rerender(<FeedbackPanel {...props({ transcript: 'idle' })} />);
      const email = (await screen.findByRole('textbox', { name: 'Email' })) as HTMLInputElement;
      expect(email.disabled).to.equal(false);
      expect(email.value).to.equal('visitor@example.com');
      expect(email.getRootNode() instanceof ShadowRoot && (email.getRootNode() as ShadowRoot).activeElement).to.equal(email);
    });
  });
});
