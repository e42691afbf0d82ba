/**
 * What the widget state needs from the outside world. The element wires these to the platform layer;
 * tests wire them to real HTTP routes and a fake clock. Keeping them small lets the state stay free of
 * React, of the DOM and of timers it cannot control.
 */
import type { ConnectionStatus } from '../platform/bus/connection-status.js';
import type { Clock } from '../platform/time/clock.js';
import type { CookieJar } from '../platform/cookies/cookie-jar.js';
import type { DesktopNotifications, UserNotice } from '../platform/notify/notifier.js';
import type { LiveChatEventDetails } from './events.js';

/** Calls a JSON-RPC route of the live-chat server and resolves with its `result`. */
export type RpcCall = (route: string, params?: Record<string, unknown>) => Promise<unknown>;

export type { ConnectionStatus };

/** A subscription to the notifications of one bus channel. */
export interface BusSubscription {
  /** Stops listening; the bus stops polling when nobody listens. */
  close(): void;
}

/** The long-polling bus, reduced to what the visitor's widget uses (PROTOCOL.md §4, §5). */
export interface BusPort {
  subscribe(
    channel: string,
    /** Each payload as it came over the wire, still to be decoded. */
    onPayload: (payload: unknown) => void,
    onStatus: (status: ConnectionStatus) => void,
  ): BusSubscription;
}

/** Cookies of the host page as JSON values, in the platform's one cookie format (PROTOCOL.md §7.1). */
export type CookiePort = CookieJar;

/** An opaque timer handle. */
export type TimerHandle = unknown;

/** Time, injectable so tests can run 60-second rules with a fake clock: the platform's one Clock. */
export type ClockPort = Clock;

/**
 * What new-message notifications need from the page (SPEC.md §6): whether the visitor can see the page,
 * whether this tab leads the cross-tab bus, the desktop API, the beep and the notice's translated text.
 */
export interface AttentionPort {
  /** The page is hidden (another tab in front, window minimised). */
  pageHidden(): boolean;
  /** This tab is the bus master: only the master shows desktop notifications and beeps. */
  isMasterTab(): boolean;
  /** The browser's desktop notifications, when it has them. */
  desktop(): DesktopNotifications | undefined;
  /** Plays the beep. */
  beep(): void;
  /** The visitor muted the beep; read at each beep, since another tab may have changed it meanwhile. */
  soundMuted(): boolean;
  /** Remembers the visitor's choice for later visits and for the other tabs. */
  setSoundMuted(muted: boolean): void;
  /** Follows changes made in other tabs; returns the unsubscribe. */
  onSoundMutedChange(listener: (muted: boolean) => void): () => void;
  /** The notice of a message from `author` whose body is the server's HTML `body`. */
  noticeFor(author: string, body: string): UserNotice;
}

/**
 * Sends one file to the upload route with `fields` before it (issue 15), reporting the share sent so far;
 * resolves with the HTTP status and the JSON answer, rejects when no answer came.
 */
export type UploadCall = (fields: Record<string, string>, file: File, onProgress: (fraction: number) => void) => Promise<{ status: number; body: unknown }>;

/** Where the text of a refused post waits for the visitor's next conversation: this tab, across reloads. */
export interface KeptDraftPort {
  read(): string | undefined;
  /** `undefined` forgets it. */
  write(text: string | undefined): void;
}

/** Everything the state needs, in one bag. */
export interface StateDeps {
  rpc: RpcCall;
  upload: UploadCall;
  bus: BusPort;
  cookies: CookiePort;
  clock: ClockPort;
  /** True on the SM screen class or smaller (SPEC.md §9): no folding, no auto-popup. */
  isMobile: () => boolean;
  /** Path, query and fragment of the host page, for the page history cookie; undefined when the page keeps none. */
  pagePath: () => string | undefined;
  /** New-message notifications while the window is folded or the page hidden. */
  attention: AttentionPort;
  /** Keeps a refused post's text across a reload; without it the text lives in the page's memory only. */
  keptDraft?: KeptDraftPort;
  /**
   * Opens the channel's offline form (issue 14) when it has one, and returns true; false without one.
   * Asked when no conversation can start, so a page that showed the button before nobody could take the
   * visitor offers what a fresh page would; `onClose` runs once the visitor closes the form.
   */
  offlineForm?: (onClose: () => void) => boolean;
  /** Called for each `livechat:*` event the element must dispatch. */
  emit: <K extends keyof LiveChatEventDetails>(name: K, detail: LiveChatEventDetails[K]) => void;
}
