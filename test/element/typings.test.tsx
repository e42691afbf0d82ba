/**
 * The element's TypeScript surface, checked by the type checker (npm run typecheck compiles this file):
 * the tag name map, typed `livechat:*` events on the element and on document, and React 19 JSX.
 * The `@ts-expect-error` lines fail the type check if the typings become too loose.
 */
import { expect } from '@open-wc/testing';
import '../../src/define.js';
import type { LiveChatEventDetails } from '../../src/index.js';

function App(): React.JSX.Element {
  // @ts-expect-error channel-id is required
  const missing = <live-chat />;
  void missing;
  return <live-chat channel-id="1" header-color="#875a7b" lang="fr" />;
}

describe('<live-chat> typings', () => {
  it('types createElement, methods, read-only props and event details', () => {
    const el = document.createElement('live-chat');
    const uuids: string[] = [];
    el.addEventListener('livechat:open', (e) => uuids.push(e.detail.uuid));
    document.addEventListener('livechat:unread', (e) => void (e.detail.count satisfies number));
    // @ts-expect-error the detail of livechat:fold has no uuid
    el.addEventListener('livechat:fold', (e) => uuids.push(e.detail.uuid));
    const detail: LiveChatEventDetails['livechat:feedback'] = { rate: 3, reason: 'ok' };
    // @ts-expect-error ratings are 5, 3 or 1
    const bad: LiveChatEventDetails['livechat:feedback'] = { rate: 4, reason: '' };
    void bad;
    expect(typeof el.open).to.equal('function');
    expect(el.isOpen).to.equal(false);
    expect(el.unreadCount).to.equal(0);
    expect(detail.rate).to.equal(3);
    expect(App).to.be.a('function');
  });
});
