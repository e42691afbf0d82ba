import { expect } from '@open-wc/testing';
import {
  closeNeedsFeedbackAtom,
  composerEnabledAtom,
  feedbackAtom,
  foldedAtom,
  isOpenAtom,
  messagesAtom,
  phaseAtom,
  transcriptAtom,
} from '../../src/state/index.js';
import { openWidget, serverMessage } from './harness.js';
import { CHAT_POST_ROUTE, EMAIL_TRANSCRIPT_ROUTE, FEEDBACK_ROUTE } from '../../src/protocol/routes.js';

describe('chat state: closing, feedback and transcript', () => {


  async function feedbackWidget() {
    const w = await openWidget();
    w.bus.push(serverMessage('hello'));
    w.state.requestClose();
    return w;
  }







  it('closes at once and clears the session cookie when only the welcome message exists', async () => {
    const w = await openWidget();
    w.state.requestClose();
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
    expect(w.bus.closed).to.equal(1);
  });

  it('unfolds and shows the feedback panel with the composer disabled when there is something to rate', async () => {
    const w = await openWidget();
    w.bus.push(serverMessage('hello'));
    w.state.toggleFold();
    expect(w.get(closeNeedsFeedbackAtom)).to.equal(true);
    w.state.requestClose();
    expect(w.get(phaseAtom)).to.equal('feedback');
    expect(w.get(foldedAtom)).to.equal(false);
    expect(w.get(composerEnabledAtom)).to.equal(false);
    await w.state.send('too late');
    expect(w.server.callsTo(CHAT_POST_ROUTE)).to.have.length(0);
  });

  it('rates 5 at once: thanks, feedback without reason, rating message, session ended', async () => {
    const w = await feedbackWidget();
    await w.state.rate(5);
    expect(w.get(feedbackAtom).step).to.equal('thanks');
    expect(w.server.callsTo(FEEDBACK_ROUTE)).to.deep.equal([{ uuid: 'uuid-1', rate: 5 }]);
    expect(w.server.callsTo(CHAT_POST_ROUTE)).to.deep.equal([{ uuid: 'uuid-1', message_content: 'Rating: 😊' }]);
    expect(w.eventsNamed('livechat:feedback')).to.deep.equal([{ rate: 5, reason: '' }]);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
    // Closing during the thanks closes at once, and the thanks' own close does not repeat it.
    w.state.requestClose();
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
    w.clock.tick(5000);
    expect(w.eventsNamed('livechat:closed')).to.have.length(1);
  });

  it('closes the chat 2.5 s after thanking for a rating, as closing otherwise does', async () => {
    const w = await feedbackWidget();
    await w.state.rate(5);
    w.clock.tick(2499);
    expect(w.get(phaseAtom)).to.equal('feedback');
    expect(w.get(feedbackAtom).step).to.equal('thanks');
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([]);
    w.clock.tick(1);
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.get(phaseAtom)).to.equal('button');
    expect(w.get(messagesAtom)).to.deep.equal([]);
    expect(w.get(feedbackAtom)).to.deep.equal({ step: 'choose', rate: undefined });
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
    expect(w.bus.closed).to.be.greaterThan(0);
  });

  it('still sends the transcript asked for before rating, then closes after the thanks', async () => {
    const w = await feedbackWidget();
    await w.state.sendTranscript('visitor@example.com');
    expect(w.get(transcriptAtom)).to.equal('sent');
    await w.state.rate(1);
    await w.state.submitReason('Slow');
    expect(w.server.callsTo(EMAIL_TRANSCRIPT_ROUTE)).to.deep.equal([{ uuid: 'uuid-1', email: 'visitor@example.com' }]);
    expect(w.get(feedbackAtom).step).to.equal('thanks');
    w.clock.tick(2500);
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
  });

  it('rates 3 or 1 with a reason', async () => {
    const w = await feedbackWidget();
    await w.state.submitReason('no rating yet');
    expect(w.server.callsTo(FEEDBACK_ROUTE)).to.have.length(0);
    await w.state.rate(1);
    expect(w.get(feedbackAtom)).to.deep.equal({ step: 'reason', rate: 1 });
    await w.state.submitReason(' Too slow ');
    expect(w.server.callsTo(FEEDBACK_ROUTE)).to.deep.equal([{ uuid: 'uuid-1', rate: 1, reason: 'Too slow' }]);
    expect(w.server.callsTo(CHAT_POST_ROUTE)[0]?.message_content).to.equal('Rating: 😞 \nToo slow');
  });

  it('"No feedback" closes the chat', async () => {
    const w = await feedbackWidget();
    w.state.skipFeedback();
    expect(w.get(isOpenAtom)).to.equal(false);
    expect(w.server.callsTo(FEEDBACK_ROUTE)).to.have.length(0);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
  });

  it('flags an invalid transcript address and sends a valid one (mailto: allowed)', async () => {
    const w = await feedbackWidget();
    await w.state.sendTranscript('not-an-email');
    expect(w.get(transcriptAtom)).to.equal('invalid');
    await w.state.sendTranscript('a@b.c');
    expect(w.get(transcriptAtom)).to.equal('invalid');
    await w.state.sendTranscript('mailto:visitor@example.com');
    expect(w.get(transcriptAtom)).to.equal('sent');
    expect(w.server.callsTo(EMAIL_TRANSCRIPT_ROUTE)).to.deep.equal([{ uuid: 'uuid-1', email: 'visitor@example.com' }]);
    expect(w.eventsNamed('livechat:transcript')).to.deep.equal([{ ok: true }]);
  });

  it('sends an address with letters outside ASCII, which the server accepts too', async () => {
    const w = await feedbackWidget();
    await w.state.sendTranscript(' zoë@exämple.be ');
    expect(w.get(transcriptAtom)).to.equal('sent');
    expect(w.server.callsTo(EMAIL_TRANSCRIPT_ROUTE)).to.deep.equal([{ uuid: 'uuid-1', email: 'zoë@exämple.be' }]);
  });

  it('shows the error block on transcript failure and comes back on try again', async () => {
    const w = await feedbackWidget();
    w.server.on(EMAIL_TRANSCRIPT_ROUTE, () => {
      throw new Error('down');
    });
    await w.state.sendTranscript('visitor@example.com');
    expect(w.get(transcriptAtom)).to.equal('failed');
    expect(w.eventsNamed('livechat:transcript')).to.deep.equal([{ ok: false }]);
    w.state.retryTranscript();
    expect(w.get(transcriptAtom)).to.equal('idle');
  });
});
