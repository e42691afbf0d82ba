import { expect } from '@open-wc/testing';
import { isOpenAtom, phaseAtom, queuePlaceAtom, sessionAtom } from '../../src/state/index.js';
import { QUEUE_LEAVE_ROUTE } from '../../src/protocol/queue.js';
import { GET_SESSION_ROUTE } from '../../src/protocol/routes.js';
import { availableWidget, sessionAnswer, settle } from './harness.js';

/**
 * A visitor waiting in line, whose leave the test answers when it says. The clock does not move: the
 * button that comes back is pressed in the same instant as the first one was (issue 26, "at once").
 */
async function waiting() {
  const w = await availableWidget();
  let n = 0;
  w.server.on(GET_SESSION_ROUTE, () => ({ ...sessionAnswer(`uuid-${(n += 1)}`), operator_pid: [0, 'Support'], queue: { position: 1, expected_wait_ms: null } }));
  let answer: { resolve(value: unknown): void; reject(err: unknown): void } | undefined;
  w.server.on(QUEUE_LEAVE_ROUTE, () => new Promise((resolve, reject) => (answer = { resolve, reject })));
  await w.state.open();
  expect(w.get(queuePlaceAtom)).to.deep.equal({ position: 1, expected_wait_ms: null });
  const leaving = w.state.leaveQueue();
  await settle();
  expect(w.server.callsTo(QUEUE_LEAVE_ROUTE)).to.deep.equal([{ uuid: 'uuid-1' }]);
  return {
    ...w,
    leaving,
    answerLeave: (value: unknown) => answer?.resolve(value),
    failLeave: (err: unknown) => answer?.reject(err),
  };
}

describe('chat state: leaving the queue, then pressing the button again at once (issue 26)', () => {
  it('the bus ends the conversation before the leave answers: the press asks for a new session, which the late answer leaves open', async () => {
    const w = await waiting();
    w.bus.push({ info: 'session_closed' });
    expect(w.get(phaseAtom)).to.equal('button');
    await w.state.open();
    expect(w.server.callsTo(GET_SESSION_ROUTE), 'a new session was asked for').to.have.length(2);
    expect(w.get(phaseAtom)).to.equal('chat');
    expect(w.get(sessionAtom)?.uuid).to.equal('uuid-2');
    w.answerLeave(true);
    await w.leaving;
    expect(w.get(isOpenAtom), 'the answer about the old conversation closed the new one').to.equal(true);
    expect(w.get(sessionAtom)?.uuid).to.equal('uuid-2');
    expect(w.get(queuePlaceAtom)).to.deep.equal({ position: 1, expected_wait_ms: null });
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
  });

  it('the press lands while the new session is still being asked for: the late answer changes nothing', async () => {
    const w = await waiting();
    let session!: (value: unknown) => void;
    w.server.on(GET_SESSION_ROUTE, () => new Promise((resolve) => (session = resolve)));
    w.bus.push({ info: 'session_closed' });
    const opening = w.state.open();
    await settle();
    expect(w.get(phaseAtom)).to.equal('opening');
    w.answerLeave(true);
    await w.leaving;
    session({ ...sessionAnswer('uuid-2'), operator_pid: [0, 'Support'], queue: { position: 2, expected_wait_ms: null } });
    await opening;
    expect(w.get(phaseAtom)).to.equal('chat');
    expect(w.get(sessionAtom)?.uuid).to.equal('uuid-2');
  });

  it('the leave answers first: the press asks for a new session at once', async () => {
    const w = await waiting();
    w.answerLeave(true);
    await w.leaving;
    expect(w.get(phaseAtom)).to.equal('button');
    await w.state.open();
    expect(w.server.callsTo(GET_SESSION_ROUTE)).to.have.length(2);
    expect(w.get(sessionAtom)?.uuid).to.equal('uuid-2');
    expect(w.get(isOpenAtom)).to.equal(true);
  });

  it('a double click on the button that came back still asks for one session', async () => {
    const w = await waiting();
    w.answerLeave(true);
    await w.leaving;
    w.server.on(GET_SESSION_ROUTE, () => false);
    await Promise.all([w.state.open(), w.state.open()]);
    await w.state.open();
    expect(w.server.callsTo(GET_SESSION_ROUTE)).to.have.length(2);
  });

  it('a leave whose answer is lost after the bus ended the conversation reports no error', async () => {
    const w = await waiting();
    w.bus.push({ info: 'session_closed' });
    w.failLeave(new Error('XmlHttpRequestError abort'));
    await w.leaving;
    expect(w.eventsNamed('livechat:error')).to.deep.equal([]);
    expect(w.get(phaseAtom)).to.equal('button');
  });

  it('a leave that fails while still waiting says so and keeps the visitor in line', async () => {
    const w = await waiting();
    w.failLeave(new Error('XmlHttpRequestError abort'));
    await w.leaving;
    expect(w.eventsNamed('livechat:error').map((e) => e.code)).to.deep.equal(['network']);
    expect(w.get(phaseAtom)).to.equal('chat');
    expect(w.get(queuePlaceAtom)).to.not.equal(undefined);
  });
});
