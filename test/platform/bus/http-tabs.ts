import type { PollFn } from '../../../src/platform/bus/poll-loop.js';
import type { BusNotification } from '../../../src/protocol/livechat.js';

/** A fresh namespace on the test bus route, so test files running side by side never meet. */
export function namespace(): string {
  return `ns${Math.random().toString(36).slice(2, 10)}`;
}

/** Base URL of one namespace of test/support/routes/40-bus.mjs. */
export function routeBase(ns: string): string {
  return `${location.origin}/__test__/bus/${ns}`;
}

/** A real JSON-RPC long poll over `win.fetch`, so removing the tab's iframe really drops the request. */
export function httpPoll(win: Window, ns: string, holdMs = 3000): PollFn {
  return async (params, signal) => {
    const response = await win.fetch(`${routeBase(ns)}/poll?hold=${holdMs}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: 1 }),
      signal,
    });
    if (!response.ok) throw new Error(`XmlHttpRequestError ${response.status}`);
    const body = (await response.json()) as { result: BusNotification[] };
    return body.result;
  };
}

/** Pushes a notification on the test route, as the server would after a post. */
export async function push(ns: string, channel: string, message: Record<string, unknown> = {}): Promise<number> {
  const response = await fetch(`${routeBase(ns)}/push`, { method: 'POST', body: JSON.stringify({ channel, message }) });
  return ((await response.json()) as { id: number }).id;
}

/** The next `count` polls answer with HTTP `status`. */
export async function failNext(ns: string, count: number, status = 503): Promise<void> {
  await fetch(`${routeBase(ns)}/fail`, { method: 'POST', body: JSON.stringify({ count, status }) });
}

/** What the route saw: polls in flight now, the most at once, the total and each poll's `last`. */
export async function stats(ns: string): Promise<{ inFlight: number; maxInFlight: number; total: number; lasts: number[] }> {
  return (await fetch(`${routeBase(ns)}/stats`)).json();
}

/** Resets maxInFlight to the current count and forgets earlier polls. */
export async function resetStats(ns: string): Promise<void> {
  await fetch(`${routeBase(ns)}/reset`, { method: 'POST', body: '{}' });
}

/** A same-origin iframe: it shares localStorage with this page and gets its storage events, like a tab. */
export async function openFrame(): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = 'about:blank';
  document.body.append(frame);
  await loaded;
  return frame;
}
