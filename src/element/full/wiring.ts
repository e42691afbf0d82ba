/**
 * Connects the state's ports to the platform layer: the JSON-RPC client, the cross-tab bus, the cookie
 * jar and the page's clock and screen.
 */
import { bodyText } from '../../platform/text/body-text.js';
import type { BusNotification } from '../../protocol/livechat.js';
import { CrossTabBus } from '../../platform/bus/cross-tab-bus.js';
import { createBusStore } from '../../platform/bus/bus-store.js';
import { isAbortLike, type PollLoopState } from '../../platform/bus/poll-loop.js';
import { createCookieJar } from '../../platform/cookies/cookie-jar.js';
import { createBeep } from '../../platform/notify/beep.js';
import { browserDesktopNotifications, type UserNotice } from '../../platform/notify/notifier.js';
import { RpcClient } from '../../platform/rpc/client.js';
import { VISITOR_UPLOAD_ROUTE } from '../../protocol/visitor-upload.js';
import { createLocalStore } from '../../platform/storage/local-store.js';
import type { AttentionPort, BusPort, ConnectionStatus, KeptDraftPort, StateDeps } from '../../state/ports.js';
import { pageClock } from '../../platform/time/clock.js';
import { EARLIER_CONVERSATIONS_ROUTE, GET_SESSION_ROUTE, NOTIFY_TYPING_ROUTE, POLL_ROUTE, VISITOR_UPDATE_ROUTE } from '../../protocol/routes.js';

// Routes whose calls fire no loading events (PROTOCOL.md §3.3, §3.6: the reference widget sends them silently).
const SILENT = new Set([GET_SESSION_ROUTE, NOTIFY_TYPING_ROUTE, VISITOR_UPDATE_ROUTE, EARLIER_CONVERSATIONS_ROUTE]);

const STATUS: Record<PollLoopState, ConnectionStatus> = { polling: 'online', idle: 'online', retrying: 'reconnecting', stopped: 'offline' };

/** The bus port over one {@link CrossTabBus} per element, and whether this tab is its master. */
export function busPort(client: RpcClient, serverUrl: string): BusPort & { isMaster(): boolean } {
  let onStatus: ((s: ConnectionStatus) => void) | undefined;
  const bus = new CrossTabBus({
    poll: (params, signal) => client.call<BusNotification[]>(POLL_ROUTE, params, { signal, timeout: 60_000, silent: true }),
    storage: createBusStore(serverUrl),
    lifecycle: window,
    isAbortError: isAbortLike,
    onPollState: (state) => onStatus?.(STATUS[state]),
  });
  return {
    isMaster: () => bus.isMaster,
    subscribe(channel, onPayload, status) {
      onStatus = status;
      status('connecting');
      const stop = bus.subscribe((n) => {
        if (n.channel === channel) onPayload(n.message);
      });
      bus.start();
      bus.addChannel(channel);
      // A follower tab polls nothing itself: the master's answers reach it through storage.
      if (!bus.isMaster) status('online');
      const offline = (): void => status('offline');
      const online = (): void => status('reconnecting');
      window.addEventListener('offline', offline);
      window.addEventListener('online', online);
      return {
        close() {
          stop();
          bus.removeChannel(channel);
          bus.stop();
          onStatus = undefined;
          window.removeEventListener('offline', offline);
          window.removeEventListener('online', online);
        },
      };
    },
  };
}

// In the host page's localStorage, under a prefix of the widget's own so the site's keys are never touched.
const STORE_PREFIX = 'live-chat.';
const SOUND_MUTED_KEY = 'sound_muted';
const KEPT_DRAFT_KEY = 'kept_draft';

/** A refused post's text in this tab's sessionStorage: it outlives a reload, never the tab. */
export function keptDraftPort(): KeptDraftPort {
  const tab = createLocalStore({ prefix: STORE_PREFIX, storage: () => sessionStorage });
  return {
    read: () => {
      const text = tab.get(KEPT_DRAFT_KEY);
      return typeof text === 'string' ? text : undefined;
    },
    write: (text) => (text === undefined ? tab.remove(KEPT_DRAFT_KEY) : tab.set(KEPT_DRAFT_KEY, text)),
  };
}

/** Notifications through the page: visibility, the bus master, the Notification API and the beep. */
export function attentionPort(serverUrl: string, isMaster: () => boolean, title: (author: string) => string): AttentionPort {
  const desktop = browserDesktopNotifications();
  const preferences = createLocalStore({ prefix: STORE_PREFIX });
  return {
    pageHidden: () => document.visibilityState === 'hidden',
    isMasterTab: isMaster,
    desktop: () => desktop,
    beep: createBeep(serverUrl),
    soundMuted: () => preferences.get(SOUND_MUTED_KEY) === true,
    setSoundMuted: (muted) => (muted ? preferences.set(SOUND_MUTED_KEY, true) : preferences.remove(SOUND_MUTED_KEY)),
    onSoundMutedChange: (listener) =>
      preferences.onChange((change) => {
        if (change.key === SOUND_MUTED_KEY || change.key === null) listener(change.key !== null && change.newValue === true);
      }),
    noticeFor: (author, body): UserNotice => ({ title: title(author), body: bodyText(body) }),
  };
}

/**
 * Everything the state needs, for a server, an event sink, the notification title in the widget's language
 * and the screen's mobile test (SPEC.md §9: SM or smaller, from the platform's screen classes).
 */
export function browserDeps(serverUrl: string, emit: StateDeps['emit'], noticeTitle: (author: string) => string, isMobile: () => boolean, tracksPages: () => boolean): StateDeps {
  const client = new RpcClient({ baseUrl: serverUrl });
  const bus = busPort(client, serverUrl);
  return {
    rpc: (route, params) => client.call(route, params, { silent: SILENT.has(route) }),
    // Loaded with the rest of the upload code, when the visitor sends a file.
    upload: (...args) => import('../../platform/rpc/upload-form.js').then(({ postFile }) => postFile(client.url(VISITOR_UPLOAD_ROUTE), ...args)),
    bus,
    attention: attentionPort(serverUrl, bus.isMaster, noticeTitle),
    cookies: createCookieJar(),
    clock: pageClock,
    keptDraft: keptDraftPort(),
    isMobile,
    pagePath: () => (tracksPages() ? location.pathname + location.search + location.hash : undefined),
    emit,
  };
}
