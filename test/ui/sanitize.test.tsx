import { expect } from '@open-wc/testing';
import corpus from '../fixtures/xss-payloads.json';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, ALLOWED_URI, sanitizeHtml } from '../../src/ui/shared/sanitize.js';
import { Thread } from '../../src/ui/thread/thread.js';
import type { ThreadMessage } from '../../src/ui/thread/thread-message.js';
import { mount, unmountAll } from './support/mount.js';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

const TAGS = new Set(ALLOWED_TAGS);
const ATTRIBUTES = new Set(ALLOWED_ATTRIBUTES);

/** Elements and attributes outside the allow-list under `root`, as readable strings. */
function outsideAllowList(root: ParentNode): string[] {
  const found: string[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    // The read more / read less control around a quote is the widget's own markup, not the message's.
    if (el.matches('.lc-quote') || el.matches('.lc-quote > button')) continue;
    if (el.matches('.lc-quote > blockquote')) {
      const extra = el.getAttributeNames().filter((a) => !['id', 'hidden'].includes(a));
      if (extra.length) found.push(`blockquote[${extra.join(',')}]`);
      continue;
    }
    if (!TAGS.has(el.localName) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`<${el.localName}>`);
    for (const name of el.getAttributeNames()) {
      if (!ATTRIBUTES.has(name)) found.push(`<${el.localName} ${name}>`);
    }
    const href = el.getAttribute('href');
    if (href !== null && !ALLOWED_URI.test(href)) found.push(`href=${href}`);
    if (el.localName === 'a' && href !== null && (el.getAttribute('target') !== '_blank' || el.getAttribute('rel') !== 'noopener noreferrer')) {
      found.push(`<a> without target/rel: ${el.outerHTML}`);
    }
  }
  return found;
}

function message(id: number, body: string): ThreadMessage {
  return { id, body, date: new Date(), author: { id: 3, name: 'Operator' }, kind: 'comment', own: false, attachments: [] };
}

describe('message body sanitizing (XSS corpus)', () => {
  const originalAlert = window.alert;
  let alerted = 0;

  beforeEach(() => {
    alerted = 0;
    delete window.__xss;
    window.alert = () => {
      alerted += 1;
    };
  });
  afterEach(() => {
    window.alert = originalAlert;
    unmountAll();
  });

  it('renders every payload without running anything and keeps only the allow-list', async () => {
    const messages = corpus.payloads.map((body, i) => message(i + 1, body));
    const { root } = mount(<Thread messages={messages} now={new Date()} onRetry={() => {}} />);
    const bodies = Array.from(root.querySelectorAll('.lc-message-body'));
    expect(bodies).to.have.length(corpus.payloads.length);
    // Open every quote too: hidden content must be as clean as visible content.
    for (const button of Array.from(root.querySelectorAll<HTMLButtonElement>('.lc-quote > button'))) button.click();
    // Error, load and focus handlers fire asynchronously; give them time to try.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alerted, 'alert() was called').to.equal(0);
    expect(window.__xss, 'window.__xss was set').to.equal(undefined);
    const problems = bodies.flatMap((body, i) => outsideAllowList(body).map((p) => `payload ${i}: ${p}`));
    expect(problems).to.deep.equal([]);
  });

  it('gives the same guarantees as a string for the operator console', async () => {
    for (const payload of corpus.payloads) {
      const template = document.createElement('template');
      template.innerHTML = sanitizeHtml(payload);
      expect(outsideAllowList(template.content), payload).to.deep.equal([]);
    }
  });

  it('keeps ordinary formatting and makes links open in a new tab without opener', () => {
    const { root } = mount(
      <Thread messages={[message(1, corpus.payloads.at(-1) as string)]} now={new Date()} onRetry={() => {}} />,
    );
    const body = root.querySelector('.lc-message-body') as HTMLElement;
    expect(body.querySelector('b')?.textContent).to.equal('bold');
    const links = Array.from(body.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['mailto:someone@example.com', 'https://example.com/a?b=1&c=2']);
    for (const a of links) {
      expect(a.target).to.equal('_blank');
      expect(a.rel).to.equal('noopener noreferrer');
    }
  });

  it('drops javascript: links but keeps their text', () => {
    const { screen, root } = mount(<Thread messages={[message(1, '<a href="javascript:alert(1)">click me</a>')]} now={new Date()} onRetry={() => {}} />);
    expect(screen.getByText('click me')).to.exist;
    expect(root.querySelector('.lc-message-body a[href]')).to.equal(null);
  });

  it('loads nothing from a message body (no images, no styles)', () => {
    const { root } = mount(<Thread messages={[message(1, '<img src="https://evil.example/t.gif"><link rel="stylesheet" href="https://evil.example/x.css">')]} now={new Date()} onRetry={() => {}} />);
    expect(root.querySelectorAll('.lc-message-body img, .lc-message-body link')).to.have.length(0);
  });
});
