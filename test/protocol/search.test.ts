import { expect } from '@open-wc/testing';
import { SEARCH_LIMITS, foldForSearch, searchWords } from '../../src/protocol/console/search.js';
import { conversationItemLinkHash, conversationLinkHash, conversationLinkOfHash, conversationOfLinkHash } from '../../src/protocol/operator-console.js';

describe('search words', () => {
  it('folds case and accents, in French and Arabic alike', () => {
    expect(searchWords('Café CRÈME')).to.deep.equal(['cafe', 'creme']);
    expect(foldForSearch('Élodie')).to.equal('elodie');
    expect(searchWords('مرحبا بالعالم')).to.deep.equal(['مرحبا', 'بالعالم']);
  });

  it('splits on punctuation and spaces, drops repeats and keeps at most the bound', () => {
    expect(searchWords('  refund, REFUND; order-42 ')).to.deep.equal(['refund', 'order', '42']);
    expect(searchWords('<script>alert(1)</script>')).to.deep.equal(['script', 'alert', '1']);
    expect(searchWords('!!! ...')).to.deep.equal([]);
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(searchWords(many)).to.have.length(SEARCH_LIMITS.wordsMax);
  });
});

describe('console links to a conversation', () => {
  it('names a conversation, or one of its messages or notes', () => {
    expect(conversationItemLinkHash(7, { kind: 'message', id: 12 })).to.equal('#/conversations/7/messages/12');
    expect(conversationItemLinkHash(7, { kind: 'note', id: 3 })).to.equal('#/conversations/7/notes/3');
    expect(conversationLinkOfHash('#/conversations/7/messages/12')).to.deep.equal({ sessionId: 7, item: { kind: 'message', id: 12 } });
    expect(conversationLinkOfHash('#/conversations/7/notes/3')).to.deep.equal({ sessionId: 7, item: { kind: 'note', id: 3 } });
    expect(conversationLinkOfHash(conversationLinkHash(7))).to.deep.equal({ sessionId: 7 });
    expect(conversationOfLinkHash('#/conversations/7/notes/3')).to.equal(7);
  });

  it('reads nothing from other addresses', () => {
    for (const hash of ['#/conversations/7/messages/', '#/conversations/7/tags/1', '#/conversations/7/messages/1x', '#/conversations/7/messages/1/2', '#/conversations/1234567890123456']) {
      expect(conversationLinkOfHash(hash), hash).to.equal(undefined);
    }
  });
});
