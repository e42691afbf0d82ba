import { waitUntil as waitUntilTrue } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createStore } from 'jotai/vanilla';
import { paneSlotsOf } from '../../src/operator/app/registry.js';
import { OperatorApi } from '../../src/operator/core/api.js';
import type { RpcClient } from '../../src/platform/rpc/index.js';
import type { ChatMessage } from '../../src/protocol/livechat.js';
import type { PaneExtensions } from '../../src/operator/desk/pane-slots.js';
import { attachments } from '../../src/operator/features/attachments/index.js';
import { offlineReply } from '../../src/operator/features/offline-reply/index.js';
import { axeViolations } from '../ui/support/axe.js';
import consoleStylesheet from '../../src/operator/app/styles.json';

// These tests drive React updates through act() on purpose.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A React root in a fresh element for each test of the calling `describe`, unmounted afterwards. */
export function reactMount(): { readonly host: HTMLDivElement; readonly root: Root } {
  let host: HTMLDivElement | undefined;
  let root: Root | undefined;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    const r = root;
    if (r) act(() => r.unmount());
    host?.remove();
  });
  return {
    get host() {
      if (!host) throw new Error('reactMount: no test is running');
      return host;
    },
    get root() {
      if (!root) throw new Error('reactMount: no test is running');
      return root;
    },
  };
}

type ActEnvironment = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Runs `work` whose React updates are not the test's own: keys typed through the real browser, answers and
 * pictures that settle in later tasks. No act() can hold them (React renders nothing inside an act() scope
 * until it ends), so React is told for that time that the updates come from outside, as Testing Library's
 * waitFor does. What the test itself does stays inside act().
 */
export async function outsideAct<T>(work: () => Promise<T>): Promise<T> {
  const environment = globalThis as ActEnvironment;
  const before = environment.IS_REACT_ACT_ENVIRONMENT;
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    return await work();
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

/**
 * Waits until `predicate` holds, letting the asynchronous work that brings it about update the screen (see
 * {@link outsideAct}). Up to 5 s: a lazy chunk (the chart) is compiled by the test server on its first
 * request, which on a loaded machine takes more than the helper's default second.
 */
export function waitUntil(predicate: () => unknown, message?: string): Promise<void> {
  return outsideAct(() => waitUntilTrue(predicate, message, { timeout: 5_000 }));
}

/** What the operator sent through the pane's features: files attached, an offline message's e-mailed answer. */
export interface PaneHandlers {
  onAttach?(files: File[]): Promise<void>;
  onReply?(text: string): Promise<void>;
}

/**
 * The conversation pane's composer actions and composer replacements as the console registers them (file
 * attaching, the offline reply), over a stand-in API that hands what the operator sent to `handlers`.
 */
export function paneExtensions(handlers: PaneHandlers = {}): PaneExtensions {
  const api = {
    upload: (_sessionId: number, files: File[]) => (handlers.onAttach ?? (async () => {}))(files),
    replyByEmail: (_sessionId: number, text: string) => (handlers.onReply ?? (async () => {}))(text),
  } as unknown as OperatorApi;
  return { slots: paneSlotsOf([attachments, offlineReply]), context: { api, store: createStore(), reloadOpen() {}, sent() {} } };
}

/** The console's stylesheets as loaded by {@link loadConsoleStyles}. */
export interface ConsoleStyles {
  remove(): void;
}

/**
 * The console's real stylesheets, as its page loads them (colours, layout, target sizes): `theme.css`, then
 * the parts the build joins into `operator.css`, in the same order. Remove them after the tests.
 */
export async function loadConsoleStyles(): Promise<ConsoleStyles> {
  const links = ['app/theme.css', ...consoleStylesheet.parts].map((file) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `/src/operator/${file}`;
    return link;
  });
  const loaded = links.map(
    (link) =>
      new Promise((resolve, reject) => {
        link.onload = resolve;
        link.onerror = reject;
      }),
  );
  document.head.append(...links);
  await Promise.all(loaded);
  return { remove: () => links.forEach((link) => link.remove()) };
}

/**
 * axe's WCAG A and AA violations inside `element` with the console's real stylesheets, in the light and
 * then the dark theme, each line naming its theme. Stylesheets not yet loaded are loaded for the check
 * only; the page is left light.
 */
export async function consoleAxe(element: Element): Promise<string[]> {
  const styles = document.querySelector('link[href$="/operator/app/operator.css"]') ? undefined : await loadConsoleStyles();
  const found: string[] = [];
  try {
    for (const colorScheme of ['light', 'dark'] as const) {
      await emulateMedia({ colorScheme });
      found.push(...(await axeViolations(element)).map((line) => `${colorScheme}: ${line}`));
    }
  } finally {
    await emulateMedia({ colorScheme: 'light' });
    styles?.remove();
  }
  return found;
}

/** The console's API over a server answered from memory, one answer per route; `calls` records what it was asked. */
export function standInApi<P>(answers: Record<string, (params: P) => unknown>): { api: OperatorApi; calls: [string, P][] } {
  const calls: [string, P][] = [];
  const rpc = {
    call: async (route: string, params: P) => {
      calls.push([route, params]);
      const answer = answers[route];
      if (!answer) throw new Error(`no stand-in answer for ${route}`);
      return answer(params);
    },
  } as unknown as RpcClient;
  return { api: new OperatorApi(rpc), calls };
}

/** A visitor's message as the console receives it, in conversation `sessionId`. */
export function visitorMessage(id: number, body: string, sessionId = 1): ChatMessage {
  return {
    id,
    body: `<p>${body}</p>`,
    date: '2024-05-11 14:03:27',
    author_id: [0, 'Visitor'],
    message_type: 'comment',
    attachment_ids: [],
    channel_ids: [sessionId],
    is_discussion: true,
    is_notification: false,
  };
}
