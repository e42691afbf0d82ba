import { expect } from '@open-wc/testing';
import { createOwnTyping, type OwnTypingPolicy } from '../../../src/platform/typing/index.js';
import { FakeTimers } from './fake-timers.js';

const CONSOLE: OwnTypingPolicy = { stopOnSend: 'throttled', stopOnDispose: 'announce' };
const WIDGET: OwnTypingPolicy = { stopOnSend: 'at-once', stopOnDispose: 'silent' };

describe('own typing announcer', () => {
  it('announces at once, throttles to one call per 2.5 s and clears after 5 s without input', () => {
    const timers = new FakeTimers();
    const sent: boolean[] = [];
    const typing = createOwnTyping(timers, (v) => sent.push(v), CONSOLE);
    typing.input(true);
    typing.input(true);
    expect(sent).to.deep.equal([true]);
    timers.advance(1_000);
    typing.input(false);
    expect(sent, 'a change within 2.5 s waits').to.deep.equal([true]);
    timers.advance(1_500);
    expect(sent).to.deep.equal([true, false]);
    typing.input(true);
    timers.advance(2_500);
    expect(sent).to.deep.equal([true, false, true]);
    timers.advance(5_000);
    expect(sent, 'inactivity ends typing').to.deep.equal([true, false, true, false]);
  });

  it('re-announces every 50 s while typing and stops on send', () => {
    const timers = new FakeTimers();
    const sent: boolean[] = [];
    const typing = createOwnTyping(timers, (v) => sent.push(v), CONSOLE);
    for (let t = 0; t < 52_000; t += 4_000) {
      typing.input(true);
      timers.advance(4_000);
    }
    expect(sent).to.deep.equal([true, true]);
    typing.sent();
    timers.advance(2_500);
    expect(sent, 'the stop also respects the 2.5 s throttle').to.deep.equal([true, true, false]);
  });

  it('with the widget policy, sending ends typing at once, outside the throttle', () => {
    const timers = new FakeTimers();
    const sent: boolean[] = [];
    const typing = createOwnTyping(timers, (v) => sent.push(v), WIDGET);
    typing.input(true);
    timers.advance(500);
    typing.sent();
    expect(sent).to.deep.equal([true, false]);
    timers.advance(60_000);
    expect(sent, 'no re-announce nor idle call after the send').to.deep.equal([true, false]);
  });

  it('leaving says "not typing" only with the announcing policy, and only when the throttle allows', () => {
    for (const [policy, expected] of [[CONSOLE, [true, false]], [WIDGET, [true]]] as const) {
      const timers = new FakeTimers();
      const sent: boolean[] = [];
      const typing = createOwnTyping(timers, (v) => sent.push(v), policy);
      typing.input(true);
      timers.advance(3_000);
      typing.dispose();
      timers.advance(60_000);
      expect(sent, policy.stopOnDispose).to.deep.equal(expected);
    }
    const timers = new FakeTimers();
    const sent: boolean[] = [];
    const typing = createOwnTyping(timers, (v) => sent.push(v), CONSOLE);
    typing.input(true);
    timers.advance(1_000);
    typing.dispose();
    timers.advance(60_000);
    expect(sent, 'within the throttle nothing is left pending').to.deep.equal([true]);
  });

  it('never says "not typing" when typing was never announced', () => {
    const timers = new FakeTimers();
    const sent: boolean[] = [];
    const typing = createOwnTyping(timers, (v) => sent.push(v), CONSOLE);
    typing.input(false);
    typing.sent();
    typing.dispose();
    timers.advance(10_000);
    expect(sent).to.deep.equal([]);
  });
});
