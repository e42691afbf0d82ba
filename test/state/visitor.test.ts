import { expect } from '@open-wc/testing';
import { RpcServerError } from '../../src/platform/errors.js';
import { IDENTITY_REJECTED } from '../../src/protocol/visitor.js';
import { createLiveChatState, earlierConversationsAtom, messagesAtom, phaseAtom, prechatStepAtom, sessionAtom } from '../../src/state/index.js';
import { VISITOR_UPDATE_SPACING_MS } from '../../src/state/visitor-sync.js';
import { availableWidget, harness, openWidget, serverMessage, sessionAnswer, settle, testOptions } from './harness.js';
import { CHAT_HISTORY_ROUTE, EARLIER_CONVERSATIONS_ROUTE, GET_SESSION_ROUTE, INIT_ROUTE, VISITOR_UPDATE_ROUTE } from '../../src/protocol/routes.js';

const HASH = 'ab'.repeat(32);

function rejection(route: string): RpcServerError {
  return new RpcServerError(route, {
    code: 200,
    message: 'Server Error',
    data: { name: IDENTITY_REJECTED, message: 'The visitor identity could not be verified', debug: '', arguments: [], exception_type: 'access_error' },
  });
}

/** The visitor fields of each get_session call, without the browser's own. */
function visitorFields(calls: Record<string, unknown>[]) {
  return calls.map(({ visitor_id, visitor_hash, visitor_token, visitor_name, visitor_email, context }) =>
    JSON.parse(JSON.stringify({ visitor_id, visitor_hash, visitor_token, visitor_name, visitor_email, context })) as Record<string, unknown>,
  );
}

describe('chat state: who the visitor is', () => {
  it('sends what the visitor attributes declare, leaving out and reporting what is malformed', async () => {
    const w = await availableWidget();
    w.state.setVisitorAttributes({ visitorName: ' Ada ', visitorEmail: 'not-an-address', visitorId: 'u-1', visitorHash: HASH, visitorContext: '{"plan":"Pro","__proto__":"x","n":7}' });
    await w.state.open();
    expect(visitorFields(w.server.callsTo(GET_SESSION_ROUTE))).to.deep.equal([{ visitor_id: 'u-1', visitor_hash: HASH, visitor_name: 'Ada', context: { plan: 'Pro' } }]);
    const errors = w.eventsNamed('livechat:error').map((e) => `${e.code}: ${e.message}`);
    expect(errors).to.deep.equal([
      'invalid_option: Invalid attribute value: visitor email (not an e-mail address)',
      'invalid_option: Invalid attribute value: visitor-context ("__proto__" is not allowed as a key)',
      'invalid_option: Invalid attribute value: visitor-context (the value of "n" must be a string)',
    ]);
  });

  it('a context that is not JSON, or has more than 20 values, is reported; the first 20 go', async () => {
    const w = await availableWidget();
    w.state.setVisitorAttributes({ visitorContext: '{plan: Pro}' });
    w.state.setContext(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])));
    await w.state.open();
    const sent = w.server.callsTo(GET_SESSION_ROUTE)[0]?.context as Record<string, string>;
    expect(Object.keys(sent)).to.have.length(20);
    expect(w.eventsNamed('livechat:error').map((e) => e.message)).to.deep.equal(['Invalid attribute value: visitor-context (not JSON)', 'Invalid attribute value: context (the context holds at most 20 values)']);
  });

  it('a refused identity is reported once as identity_rejected and the visitor goes on anonymously', async () => {
    const w = await availableWidget();
    let calls = 0;
    w.server.on(GET_SESSION_ROUTE, (params) => {
      calls += 1;
      if (params.visitor_id) throw rejection(GET_SESSION_ROUTE);
      return sessionAnswer(`uuid-${calls}`);
    });
    w.state.setVisitorAttributes({ visitorId: 'u-1', visitorHash: HASH, visitorName: 'Ada' });
    await w.state.open();
    expect(w.get(phaseAtom)).to.equal('chat');
    expect(visitorFields(w.server.callsTo(GET_SESSION_ROUTE))).to.deep.equal([{ visitor_id: 'u-1', visitor_hash: HASH, visitor_name: 'Ada' }, { visitor_name: 'Ada' }]);
    expect(w.eventsNamed('livechat:error')).to.deep.equal([{ code: 'identity_rejected', message: 'The visitor identity could not be verified' }]);
    // The same pair is not tried again; another one is.
    w.state.setVisitorAttributes({ visitorId: 'u-1', visitorHash: HASH, visitorName: 'Ada' });
    expect(w.server.callsTo(VISITOR_UPDATE_ROUTE)).to.have.length(0);
  });

  it('setUser({token}) sends the token alone for the identity, over an id and hash; an oversized one is reported', async () => {
    const w = await availableWidget();
    w.state.setUser({ token: 'a.b.c', id: 'u-1', hash: HASH, name: 'Ada' });
    await w.state.open();
    expect(visitorFields(w.server.callsTo(GET_SESSION_ROUTE))).to.deep.equal([{ visitor_token: 'a.b.c', visitor_name: 'Ada' }]);
    w.state.setUser({ token: 'x'.repeat(4097) });
    expect(w.eventsNamed('livechat:error').map((e) => e.message)).to.deep.equal(['Invalid attribute value: setUser token (at most 4096 characters)']);
  });

  it('a hash that cannot be an HMAC-SHA256 is refused without asking', async () => {
    const w = await availableWidget();
    w.state.setUser({ id: 'u-1', hash: 'not-a-hash' });
    await w.state.open();
    expect(visitorFields(w.server.callsTo(GET_SESSION_ROUTE))).to.deep.equal([{}]);
    expect(w.eventsNamed('livechat:error').map((e) => e.code)).to.deep.equal(['identity_rejected']);
  });

  it('a verified visitor finds the open conversation with its history and earlier conversations, no welcome', async () => {
    const w = await availableWidget();
    w.server.on(GET_SESSION_ROUTE, () => ({ ...sessionAnswer('uuid-9'), identity: 'verified', visitor_id: 'u-1', resumed: true }));
    w.server.on(CHAT_HISTORY_ROUTE, () => [serverMessage('<p>Where is my order?</p>', [0, 'Ada'], 77)]);
    w.server.on(EARLIER_CONVERSATIONS_ROUTE, () => [{ id: 5, created_at: 1_600_000_000_000, closed_at: 1_600_000_100_000, messages: [serverMessage('<p>Last week</p>', [0, 'Ada'], 12)] }]);
    w.state.setUser({ id: 'u-1', hash: HASH });
    await w.state.open();
    await settle();
    expect(w.get(messagesAtom).map((m) => m.id)).to.deep.equal([77]);
    expect(w.get(earlierConversationsAtom).map((c) => c.messages.map((m) => m.id))).to.deep.equal([[12]]);
    expect(w.cookies.get<{ visitor_id?: string }>('im_livechat_session')?.visitor_id).to.equal('u-1');
  });

  it('setUser during a conversation tells the server, at most once every few seconds, the newest values last', async () => {
    const w = await openWidget();
    w.server.on(VISITOR_UPDATE_ROUTE, () => ({ identity: 'verified', visitor_id: 'u-1' }));
    w.state.setUser({ id: 'u-1', hash: HASH, name: 'Ada' });
    w.state.setContext({ plan: 'Free' });
    w.state.setContext({ plan: 'Pro' });
    await settle();
    expect(w.server.callsTo(VISITOR_UPDATE_ROUTE)).to.have.length(1);
    w.clock.tick(VISITOR_UPDATE_SPACING_MS);
    await settle();
    const updates = w.server.callsTo(VISITOR_UPDATE_ROUTE);
    expect(updates).to.have.length(2);
    expect(updates[1]).to.include({ uuid: 'uuid-1', visitor_id: 'u-1', visitor_name: 'Ada' });
    expect(updates[1]?.context).to.deep.equal({ plan: 'Pro' });
    expect(w.get(sessionAtom)?.visitor_id).to.equal('u-1');
    expect(w.server.callsTo(EARLIER_CONVERSATIONS_ROUTE)).to.have.length(1);
  });

  it('setUser with another verified visitor ends the conversation of the previous one', async () => {
    const w = await availableWidget();
    w.server.on(GET_SESSION_ROUTE, () => ({ ...sessionAnswer(), identity: 'verified', visitor_id: 'u-1' }));
    w.state.setUser({ id: 'u-1', hash: HASH });
    await w.state.open();
    w.state.setUser({ id: 'u-2', hash: HASH });
    expect(w.get(phaseAtom)).to.equal('button');
    expect(w.eventsNamed('livechat:closed')).to.deep.equal([{ uuid: 'uuid-1' }]);
    expect(w.cookies.get('im_livechat_session')).to.equal(undefined);
  });

  it('resetUser ends the conversation, forgets every cookie, and the next one is anonymous', async () => {
    const w = await availableWidget();
    w.state.setUser({ id: 'u-1', hash: HASH, name: 'Ada' });
    w.state.setContext({ plan: 'Pro' });
    await w.state.open();
    w.state.resetUser();
    expect(w.get(phaseAtom)).to.equal('button');
    expect(w.eventsNamed('livechat:closed')).to.have.length(1);
    expect([...w.cookies.values.keys()]).to.deep.equal([]);
    w.clock.tick(1000);
    await w.state.open();
    expect(visitorFields(w.server.callsTo(GET_SESSION_ROUTE))).to.deep.equal([{ visitor_id: 'u-1', visitor_hash: HASH, visitor_name: 'Ada', context: { plan: 'Pro' } }, {}]);
  });

  it('a stored conversation of another verified visitor is not reopened', async () => {
    const h = harness();
    h.cookies.set('im_livechat_session', { ...sessionAnswer('uuid-old'), visitor_id: 'u-1' });
    h.server.on(INIT_ROUTE, () => ({ available_for_me: true, rule: {} }));
    const state = createLiveChatState(h.deps, testOptions());
    state.setVisitorAttributes({ visitorId: 'u-2', visitorHash: HASH });
    await state.start();
    expect(state.store.get(phaseAtom)).to.equal('button');
    expect(h.server.callsTo(CHAT_HISTORY_ROUTE)).to.have.length(0);
    expect(h.cookies.get('im_livechat_session')).to.equal(undefined);
  });
});

describe('chat state: pre-chat form', () => {
  async function withForm(form: string) {
    const h = harness();
    h.server.on(GET_SESSION_ROUTE, () => sessionAnswer());
    const state = createLiveChatState(h.deps, testOptions());
    await state.start({ init: { available_for_me: true, rule: {}, options: { prechat_form: form } as never } });
    return { ...h, state, get: state.store.get };
  }

  it('comes before the first message; the answers go with the session request', async () => {
    const w = await withForm('name_email');
    await w.state.open();
    expect(w.get(phaseAtom)).to.equal('prechat');
    expect(w.server.callsTo(GET_SESSION_ROUTE)).to.have.length(0);
    expect(await w.state.submitPrechat({ name: ' ', email: 'nope' })).to.deep.equal(['name', 'email']);
    expect(await w.state.submitPrechat({ name: 'Grace', email: 'grace@example.org' })).to.deep.equal([]);
    expect(w.get(phaseAtom)).to.equal('chat');
    expect(w.get(prechatStepAtom)).to.equal('editing');
    expect(visitorFields(w.server.callsTo(GET_SESSION_ROUTE))).to.deep.equal([{ visitor_name: 'Grace', visitor_email: 'grace@example.org' }]);
  });

  it('asks only a name when the channel says so, and closes like an empty chat', async () => {
    const w = await withForm('name');
    await w.state.open();
    w.state.requestClose();
    expect(w.get(phaseAtom)).to.equal('button');
    w.clock.tick(1000);
    await w.state.open();
    expect(await w.state.submitPrechat({ name: 'Linus', email: '' })).to.deep.equal([]);
    expect(visitorFields(w.server.callsTo(GET_SESSION_ROUTE))).to.deep.equal([{ visitor_name: 'Linus' }]);
  });

  it('is skipped for visitors the host page identified, and when no operator answers the answers are kept', async () => {
    const verified = await withForm('name_email');
    verified.state.setUser({ id: 'u-1', hash: HASH });
    await verified.state.open();
    expect(verified.get(phaseAtom)).to.equal('chat');

    const named = await withForm('name_email');
    named.state.setVisitorAttributes({ visitorName: 'Ada', visitorEmail: 'ada@example.org' });
    await named.state.open();
    expect(named.get(phaseAtom)).to.equal('chat');

    const nobody = await withForm('name');
    nobody.server.on(GET_SESSION_ROUTE, () => false);
    await nobody.state.open();
    await nobody.state.submitPrechat({ name: 'Grace', email: '' });
    expect(nobody.get(phaseAtom)).to.equal('button');
    expect(nobody.eventsNamed('livechat:error').map((e) => e.code)).to.deep.equal(['no_operator']);
    nobody.clock.tick(1000);
    await nobody.state.open();
    expect(nobody.get(phaseAtom), 'the name is known now: straight to the session request').to.equal('button');
    expect(visitorFields(nobody.server.callsTo(GET_SESSION_ROUTE))).to.deep.equal([{ visitor_name: 'Grace' }, { visitor_name: 'Grace' }]);
  });
});
