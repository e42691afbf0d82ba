import { expect } from '@open-wc/testing';
import {
  typingNamesAtom,
} from '../../src/state/index.js';
import { openWidget, OPERATOR, serverMessage } from './harness.js';
import { NOTIFY_TYPING_ROUTE } from '../../src/protocol/routes.js';

describe('chat state: typing', () => {




  it('announces own typing at most once per 2.5 s and clears it after 5 s idle', async () => {
    const w = await openWidget();
    const typing = () => w.server.callsTo(NOTIFY_TYPING_ROUTE).map((p) => p.is_typing);
    w.state.composerInput('h');
    expect(typing()).to.deep.equal([true]);
    w.clock.tick(1000);
    w.state.composerInput('');
    w.state.composerInput('he');
    w.clock.tick(1000);
    w.state.composerInput('hel');
    expect(typing()).to.deep.equal([true]);
    w.clock.tick(4999);
    expect(typing()).to.deep.equal([true]);
    w.clock.tick(1);
    expect(typing()).to.deep.equal([true, false]);
  });

  it('sends the trailing state when the throttle window ends', async () => {
    const w = await openWidget();
    const typing = () => w.server.callsTo(NOTIFY_TYPING_ROUTE).map((p) => p.is_typing);
    w.state.composerInput('h');
    w.clock.tick(500);
    w.state.composerInput('');
    expect(typing()).to.deep.equal([true]);
    w.clock.tick(2000);
    expect(typing()).to.deep.equal([true, false]);
  });

  it('re-announces every 50 s while typing goes on', async () => {
    const w = await openWidget();
    const typing = () => w.server.callsTo(NOTIFY_TYPING_ROUTE).map((p) => p.is_typing);
    w.state.composerInput('a');
    for (let i = 0; i < 25; i += 1) {
      w.clock.tick(2000);
      w.state.composerInput(`a${'b'.repeat(i)}`);
    }
    expect(typing()).to.deep.equal([true, true]);
  });

  it('clears own typing when a message is sent', async () => {
    const w = await openWidget();
    w.state.composerInput('hello');
    await w.state.send('hello');
    expect(w.server.callsTo(NOTIFY_TYPING_ROUTE).map((p) => p.is_typing)).to.deep.equal([true, false]);
  });

  it('shows others typing up to 60 s or until their message, and never the own echo', async () => {
    const w = await openWidget();
    w.bus.push({ info: 'typing_status', partner_id: 1, is_typing: true, is_website_user: true });
    expect(w.get(typingNamesAtom)).to.deep.equal([]);
    w.bus.push({ info: 'typing_status', partner_id: 3, is_typing: true, is_website_user: false });
    expect(w.get(typingNamesAtom)).to.deep.equal(['Mitchell Admin']);
    w.clock.tick(59_999);
    expect(w.get(typingNamesAtom)).to.deep.equal(['Mitchell Admin']);
    w.clock.tick(1);
    expect(w.get(typingNamesAtom)).to.deep.equal([]);
    w.bus.push({ info: 'typing_status', partner_id: 3, is_typing: true, is_website_user: false });
    w.bus.push(serverMessage('done', OPERATOR));
    expect(w.get(typingNamesAtom)).to.deep.equal([]);
  });
});
