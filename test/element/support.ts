import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/define.js';
import type { LiveChatElement } from '../../src/element/live-chat-element.js';
import type { LiveChatEventName } from '../../src/element/events.js';

let counter = 0;

/** A fresh scripted server (test/support/routes/60-livechat-widget.mjs) and its URL prefix. */
export async function scriptedServer(config: Record<string, unknown> = {}) {
  const sid = `el${Date.now().toString(36)}${(counter += 1)}`;
  const url = `${location.origin}/__test__/livechat/${sid}`;
  await fetch(`${url}/__setup`, { method: 'POST', body: JSON.stringify(config) });
  return {
    url,
    async setup(more: Record<string, unknown>) {
      await fetch(`${url}/__setup`, { method: 'POST', body: JSON.stringify(more) });
    },
    async calls(route?: string): Promise<{ route: string; params: Record<string, unknown> }[]> {
      const all = (await (await fetch(`${url}/__calls`)).json()) as { route: string; params: Record<string, unknown> }[];
      return route ? all.filter((c) => c.route === route) : all;
    },
    async push(payload: unknown) {
      await fetch(`${url}/__push`, { method: 'POST', body: JSON.stringify({ payload }) });
    },
  };
}

/** Removes the widget's cookies so tests start as a new visitor. */
export function clearWidgetCookies(): void {
  for (const name of ['im_livechat_session', 'im_livechat_auto_popup', 'im_livechat_previous_operator_pid', 'im_livechat_history']) {
    document.cookie = `${name}=;path=/;max-age=-1`;
  }
}

/** Records the `livechat:*` events an element dispatches. */
export function recordEvents(target: EventTarget) {
  const events: { type: string; detail: unknown; bubbles: boolean; composed: boolean }[] = [];
  const names: LiveChatEventName[] = ['livechat:ready', 'livechat:open', 'livechat:message', 'livechat:fold', 'livechat:unread', 'livechat:feedback', 'livechat:transcript', 'livechat:offline-message', 'livechat:closed', 'livechat:error'];
  for (const name of names) {
    target.addEventListener(name, (e) => {
      const ce = e as CustomEvent;
      events.push({ type: ce.type, detail: ce.detail, bubbles: ce.bubbles, composed: ce.composed });
    });
  }
  return {
    events,
    of: (name: LiveChatEventName) => events.filter((e) => e.type === name).map((e) => e.detail),
  };
}

/** Mounts `<live-chat>` against a scripted server. */
export async function mountWidget(serverUrl: string, attrs = ''): Promise<LiveChatElement> {
  const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
  wrapper.innerHTML = `<live-chat channel-id="1" server-url="${serverUrl}" ${attrs}></live-chat>`;
  return wrapper.querySelector('live-chat') as LiveChatElement;
}

/** The shadow root as something testing-library's `within` accepts. */
export function shadow(el: LiveChatElement): HTMLElement {
  return el.shadowRoot as unknown as HTMLElement;
}

/** Waits for a query to find something. */
export async function until<T>(find: () => T | null | undefined, message: string, timeout = 5000): Promise<T> {
  let found: T | null | undefined;
  await waitUntil(
    () => {
      try {
        found = find();
      } catch {
        found = undefined;
      }
      return Boolean(found);
    },
    message,
    { timeout },
  );
  return found as T;
}

/** An operator's message as the scripted server pushes it on the bus (PROTOCOL.md's message shape). */
export function operatorMessage(id: number, body: string) {
  return { id, body, date: '2026-01-01 10:00:00', author_id: [3, 'Mitchell Admin'], message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false };
}
