import { expect } from '@open-wc/testing';
import { decodeBusPayload, decodeChatMessage } from '../../src/protocol/bus-payload.js';

const message = { id: 7, body: '<p>Hi</p>', date: '2026-01-01 10:00:00', author_id: [3, 'Mitchell Admin'], message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false };

describe('bus payload decoder', () => {
  it('tells the widget payloads apart in the order of PROTOCOL.md §5.1', () => {
    expect(decodeBusPayload({ _type: 'history_command' })).to.deep.equal({ kind: 'history_command' });
    expect(decodeBusPayload({ info: 'typing_status', partner_id: 3, is_typing: true, is_website_user: false })).to.deep.equal({ kind: 'typing_status', partnerId: 3, isTyping: true, fromVisitor: false });
    expect(decodeBusPayload({ info: 'typing_status', is_typing: 1, is_website_user: true })).to.deep.equal({ kind: 'typing_status', partnerId: undefined, isTyping: false, fromVisitor: true });
    expect(decodeBusPayload({ info: 'session_closed', uuid: 'u' })).to.deep.equal({ kind: 'session_closed' });
    expect(decodeBusPayload(message)).to.deep.equal({ kind: 'message', message: { ...message, email_from: false } });
  });

  it('reads the operator-side payloads with their fields checked', () => {
    const session = { id: 7, name: 'n', anonymous_name: 'Visitor', channel_id: 1 };
    expect(decodeBusPayload({ info: 'new_session', session })).to.deep.equal({ kind: 'new_session', session });
    expect(decodeBusPayload({ info: 'new_session', session: 'x' }).kind).to.equal('other');
    expect(decodeBusPayload({ info: 'transient_message', body: '', channel_ids: [7], pages: ['/a', 3, '/b'] })).to.deep.equal({ kind: 'transient_message', sessionId: 7, pages: ['/a', '/b'] });
    expect(decodeBusPayload({ info: 'transient_message', body: '', channel_ids: [], pages: [] }).kind).to.equal('other');
    expect(decodeBusPayload({ info: 'session_rated', session_id: 7, rate: 3, reason: 'slow' })).to.deep.equal({ kind: 'session_rated', sessionId: 7, rating: { rate: 3, reason: 'slow' } });
    expect(decodeBusPayload({ info: 'session_rated', session_id: 7, rate: 10, reason: '' }).kind).to.equal('other');
  });

  it('answers `other` for anything else, never throwing', () => {
    for (const raw of [null, undefined, 3, 'text', [], {}, { id: 1 }, { body: 'x' }, { id: {}, body: 'x' }, { info: 'version_info' }]) {
      expect(decodeBusPayload(raw).kind, JSON.stringify(raw)).to.equal('other');
    }
  });

  it('reads messages defensively: a malformed author is none, missing lists are empty', () => {
    expect(decodeChatMessage({ id: 'a', body: 'b', author_id: ['x'], post_key: 'k', extra: 1 })).to.deep.equal({
      id: 'a',
      body: 'b',
      date: '',
      author_id: false,
      email_from: false,
      message_type: 'comment',
      attachment_ids: [],
      channel_ids: [],
      is_discussion: true,
      is_notification: false,
      post_key: 'k',
    });
  });

  it('reads a conversation status notice, dropping an unknown status or a malformed one', () => {
    expect(decodeBusPayload({ info: 'conversation_status', session_id: 4, status: 'snoozed', snoozed_until: 1_800_000_000_000 })).to.deep.equal({
      kind: 'conversation_status',
      sessionId: 4,
      status: 'snoozed',
      snoozedUntil: 1_800_000_000_000,
    });
    expect(decodeBusPayload({ info: 'conversation_status', session_id: 4, status: 'open', snoozed_until: 'soon' })).to.deep.equal({ kind: 'conversation_status', sessionId: 4, status: 'open', snoozedUntil: null });
    for (const bad of [{ status: 'closed' }, { status: 'constructor' }, { status: 'open', session_id: '4' }]) {
      expect(decodeBusPayload({ info: 'conversation_status', session_id: 4, ...bad }), JSON.stringify(bad)).to.deep.equal({ kind: 'other' });
    }
  });
});
