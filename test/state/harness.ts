/**
 * Test doubles for the state's ports. The state is tested against a scripted server written in the test
 * (each route answers what the test says and records what it was asked); the real server is exercised
 * by the e2e tests. Time is a manual clock so 60-second rules run instantly and deterministically.
 */
import type { DesktopNotifications, UserNotice } from '../../src/platform/notify/notifier.js';
import type { LiveChatEventDetails, LiveChatEventName } from '../../src/state/events.js';
import { createLiveChatState } from '../../src/state/create-state.js';
import { parseOptions, type WidgetOptions } from '../../src/state/options.js';
import type { AttentionPort, BusPort, ClockPort, ConnectionStatus, CookiePort, StateDeps } from '../../src/state/ports.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE, INIT_ROUTE } from '../../src/protocol/routes.js';

/** A clock that only moves when told to. */
export class ManualClock implements ClockPort {
  private time = 1_700_000_000_000;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  now = (): number => this.time;
  setTimeout = (fn: () => void, ms: number): number => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    return id;
  };
  clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };
  /** Moves time forward, firing due timers in order. */
  tick(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].fn();
    }
    this.time = end;
  }
}

/** Cookies in memory, with the lifetimes they were written with. */
export class MemoryCookies implements CookiePort {
  readonly values = new Map<string, unknown>();
  readonly maxAges = new Map<string, number>();
  get<T = unknown>(name: string): T | undefined {
    return this.values.get(name) as T | undefined;
  }
  set(name: string, value: unknown, maxAge = 365 * 24 * 3600): void {
    this.values.set(name, value);
    this.maxAges.set(name, maxAge);
  }
  delete(name: string): void {
    this.values.delete(name);
  }
}

/** A bus the test drives by hand. */
export class ManualBus implements BusPort {
  channel: string | undefined;
  private onPayload: ((p: unknown) => void) | undefined;
  private onStatus: ((s: ConnectionStatus) => void) | undefined;
  closed = 0;
  subscribe(channel: string, onPayload: (p: unknown) => void, onStatus: (s: ConnectionStatus) => void) {
    this.channel = channel;
    this.onPayload = onPayload;
    this.onStatus = onStatus;
    return {
      close: () => {
        this.closed += 1;
        this.channel = undefined;
        this.onPayload = undefined;
      },
    };
  }
  push(payload: unknown): void {
    this.onPayload?.(payload);
  }
  status(s: ConnectionStatus): void {
    this.onStatus?.(s);
  }
}

/**
 * The page as notifications see it, set by the test: visibility, bus mastership and notification
 * permission. Desktop notifications and the beep are recorded (their real halves are tested in Chromium
 * by test/element and test/platform).
 */
export class FakeAttention implements AttentionPort {
  hidden = false;
  master = true;
  permission: NotificationPermission = 'default';
  readonly desktopShown: UserNotice[] = [];
  beeps = 0;
  pageHidden = (): boolean => this.hidden;
  isMasterTab = (): boolean => this.master;
  desktop = (): DesktopNotifications => {
    const permission = (): NotificationPermission => this.permission;
    return {
      get permission() {
        return permission();
      },
      show: (n) => this.desktopShown.push(n),
    };
  };
  beep = (): void => {
    this.beeps += 1;
  };
  /** The remembered mute choice, as localStorage would hold it. */
  muted = false;
  private mutedListeners = new Set<(muted: boolean) => void>();
  soundMuted = (): boolean => this.muted;
  setSoundMuted = (muted: boolean): void => {
    this.muted = muted;
  };
  onSoundMutedChange = (listener: (muted: boolean) => void): (() => void) => {
    this.mutedListeners.add(listener);
    return () => this.mutedListeners.delete(listener);
  };
  /** Another tab changed the choice. */
  mutedElsewhere(muted: boolean): void {
    this.muted = muted;
    for (const listener of this.mutedListeners) listener(muted);
  }
  noticeFor = (author: string, body: string): UserNotice => ({ title: `New message from ${author}`, body: body.replace(/<[^>]*>/g, '') });
}

type Handler = (params: Record<string, unknown>) => unknown;

/** A scripted server: routes answer with the test's handlers and every call is recorded. */
export class ScriptedServer {
  readonly calls: { route: string; params: Record<string, unknown> }[] = [];
  private handlers = new Map<string, Handler>();
  on(route: string, handler: Handler): this {
    this.handlers.set(route, handler);
    return this;
  }
  callsTo(route: string): Record<string, unknown>[] {
    return this.calls.filter((c) => c.route === route).map((c) => c.params);
  }
  rpc = async (route: string, params: Record<string, unknown> = {}): Promise<unknown> => {
    this.calls.push({ route, params });
    const h = this.handlers.get(route);
    if (!h) return undefined;
    return h(params);
  };
}

/** The upload route as the test scripts it: each call is recorded and answered by `answer`. */
export class ScriptedUploads {
  readonly calls: { fields: Record<string, string>; file: File }[] = [];
  answer: (fields: Record<string, string>, file: File, onProgress: (f: number) => void) => Promise<{ status: number; body: unknown }> = async () => ({ status: 500, body: null });
  upload = (fields: Record<string, string>, file: File, onProgress: (f: number) => void): Promise<{ status: number; body: unknown }> => {
    this.calls.push({ fields, file });
    return this.answer(fields, file, onProgress);
  };
}

/** An operator as get_session answers it. */
export const OPERATOR: [number, string] = [3, 'Mitchell Admin'];

/** A session answer for get_session. */
export function sessionAnswer(uuid = 'uuid-1') {
  return { id: 42, uuid, name: 'Visitor Mitchell Admin', operator_pid: OPERATOR, state: 'open', folded: false, message_unread_counter: 0 };
}

let nextId = 1000;
/** A server message as the bus delivers it. */
export function serverMessage(body: string, author: [number, string] | false = OPERATOR, id = ++nextId) {
  return { id, body, date: '2026-01-01 10:00:00', author_id: author, message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false };
}

/** Options as the element would parse them. */
export function testOptions(over: Partial<WidgetOptions> = {}): WidgetOptions {
  const { options } = parseOptions(
    { channelId: '1' },
    {
      buttonText: 'Chat with one of our collaborators',
      inputPlaceholder: 'Ask something ...',
      defaultMessage: 'How may I help you?',
      defaultUsername: 'Visitor',
      serverUrl: 'http://chat.test',
      lang: 'en',
    },
  );
  return { ...options, ...over };
}

/** Everything a state test needs, wired together. */
export function harness(over: Partial<StateDeps> = {}) {
  const clock = new ManualClock();
  const cookies = new MemoryCookies();
  const bus = new ManualBus();
  const server = new ScriptedServer();
  const events: { name: LiveChatEventName; detail: unknown }[] = [];
  const attention = new FakeAttention();
  const uploads = new ScriptedUploads();
  let mobile = false;
  const deps: StateDeps = {
    rpc: server.rpc,
    upload: uploads.upload,
    bus,
    cookies,
    clock,
    isMobile: () => mobile,
    pagePath: () => '/shop?x=1',
    attention,
    emit: (name, detail) => events.push({ name, detail }),
    ...over,
  };
  return {
    clock,
    cookies,
    bus,
    server,
    uploads,
    events,
    attention,
    deps,
    setMobile(v: boolean) {
      mobile = v;
    },
    eventsNamed<K extends LiveChatEventName>(name: K): LiveChatEventDetails[K][] {
      return events.filter((e) => e.name === name).map((e) => e.detail as LiveChatEventDetails[K]);
    },
  };
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

/** A widget whose init found an operator available: the button shows. */
export async function availableWidget(over: Parameters<typeof harness>[0] = {}) {
  const h = harness(over);
  h.server.on(INIT_ROUTE, () => ({ available_for_me: true, rule: {} }));
  h.server.on(GET_SESSION_ROUTE, () => sessionAnswer());
  h.server.on(CHAT_POST_ROUTE, () => 555);
  const state = createLiveChatState(h.deps, testOptions());
  await state.start();
  return { ...h, state, get: state.store.get };
}

/** A widget with a chat open. */
export async function openWidget() {
  const w = await availableWidget();
  await w.state.open();
  return w;
}
