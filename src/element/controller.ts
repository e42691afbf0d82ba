/**
 * The eager half of `<live-chat>`: reads attributes, asks `/im_livechat/init`, shows the facade button
 * and fetches the React part on the first sign of interest, at once when a session cookie exists, or
 * when the auto-popup rule is due. Method calls made before the React part runs are queued.
 * Nothing here imports React.
 */
import { decodeCookieValue, readCookie } from '../platform/cookies/cookie-string.js';
import { isMobileSize, sizeClassForWidth } from '../platform/screen/size-class.js';
import { COOKIES } from '../protocol/cookies.js';
import type { InitResult, LivechatRule } from '../protocol/livechat.js';
import type { LiveChatState } from '../state/create-state.js';
import { INVALID_OPTION_TEXT, NETWORK_ERROR_TEXT } from '../state/loader-errors.js';
import { channelOptionsFromWire, type ChannelOptions, type OptionProblem, type WidgetOptions } from '../state/options.js';
import { parseElementAttributes, widgetOptions, type AttributeProps, type ElementAttributes } from './attributes.js';
import { dispatchLiveChatEvent, type LiveChatEventDetails, type LiveChatEventName } from './events.js';
import { renderFacade, type Facade } from './facade.js';
import type { CreateFullWidget, FullWidget } from './full-widget.js';
import { fetchInit } from './init-request.js';
import { DEFAULT_INSTALL_BANNER_SELECTOR, watchInstallBanner } from './install-banner.js';
import { followPages } from './page-history.js';
import type { OfflineLauncher } from './offline/offline-button.js';

/** Loads the React part; replaced in tests. */
export type FullWidgetLoader = () => Promise<CreateFullWidget>;

/** Where the eager part stands: not started, asking init, nobody available, facade, fetching React, running it. */
export type LoaderPhase = 'idle' | 'checking' | 'unavailable' | 'facade' | 'loading' | 'full';

type QueuedCall = (state: LiveChatState) => unknown;

/** Waits before fetching the React part again after a failure, while a visitor's request is pending. */
export const LOAD_RETRY_DELAYS_MS = [1000, 3000, 10_000];

/** How often a visible page asks init again while nobody is available (issue 14), ±10 % jitter. */
export const AVAILABILITY_POLL_MS = 60_000;

const hasSessionCookie = (): boolean => readCookie(document, COOKIES.session.name) !== undefined;
const autoPopupCookieFalse = (): boolean => decodeCookieValue(readCookie(document, COOKIES.autoPopup.name) ?? '') === false;
// SPEC.md §9: mobile is the SM screen class or smaller, as the platform's screen classes decide.
const isMobile = (): boolean => isMobileSize(sizeClassForWidth(window.innerWidth));

/** One per element, kept across r2wc remounts. */
export class WidgetController {
  phase: LoaderPhase = 'idle';
  #attributes: ElementAttributes = parseElementAttributes({}).attributes;
  #facade: Facade | undefined;
  #full: FullWidget | undefined;
  #loading: Promise<void> | undefined;
  #queue: QueuedCall[] = [];
  #init: InitResult | undefined;
  #initAt = 0;
  #channel: ChannelOptions = {};
  #autoPopupTimer: ReturnType<typeof setTimeout> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #loadFailures = 0;
  #announced: boolean | undefined;
  #pollTimer: ReturnType<typeof setTimeout> | undefined;
  #polling = false;
  #reported = new Set<string>();
  #connected = false;
  #raise = 0;
  #offline: OfflineLauncher | undefined;
  #bannerSelector = '';
  #stopBanner: (() => void) | undefined;

  readonly #host: HTMLElement;
  readonly #root: ShadowRoot;
  readonly #loadFull: FullWidgetLoader;
  readonly #pollMs: number;

  constructor(host: HTMLElement, root: ShadowRoot, loadFull: FullWidgetLoader, pollMs = AVAILABILITY_POLL_MS) {
    this.#host = host;
    this.#root = root;
    this.#loadFull = loadFull;
    this.#pollMs = pollMs;
  }

  get isOpen(): boolean {
    return this.#full?.isOpen() ?? false;
  }

  get unreadCount(): number {
    return this.#full?.unreadCount() ?? 0;
  }

  /** Dispatches on the host; `livechat:ready` once per element, and again when an operator comes online later. */
  readonly emit = <K extends LiveChatEventName>(name: K, detail: LiveChatEventDetails[K]): void => {
    if (name === 'livechat:ready') {
      const available = (detail as LiveChatEventDetails['livechat:ready']).available;
      if (this.#announced === true || (this.#announced === false && !available)) return;
      this.#announced = available;
    }
    dispatchLiveChatEvent(this.#host, name, detail);
  };

  #options(): WidgetOptions {
    return widgetOptions(this.#attributes, undefined, this.#channel);
  }

  /** The channel's settings from an init answer: they fill in what attributes leave unset. */
  #setChannel(wire: unknown): void {
    this.#channel = channelOptionsFromWire(wire);
    this.#facade?.update(this.#options());
    this.#full?.setChannel(this.#channel);
  }

  /** New attribute props from r2wc. */
  update(props: AttributeProps): void {
    const { attributes, problems } = parseElementAttributes(props);
    this.#attributes = attributes;
    for (const p of problems) this.#report(p);
    this.#facade?.update(this.#options());
    this.#full?.update(attributes);
    if (this.#stopBanner) this.#watchBanner();
    // A consent banner may turn tracking on or off after the element is in the page.
    if (this.#connected) followPages(attributes.trackPages);
  }

  #report({ attribute, value, reason }: OptionProblem): void {
    const key = `${attribute}=${value}`;
    if (this.#reported.has(key)) return;
    this.#reported.add(key);
    this.emit('livechat:error', { code: 'invalid_option', message: `${INVALID_OPTION_TEXT}: ${attribute} (${reason})` });
  }

  /** Follows the install banner while the button can show (not before availability is known). */
  #watchBanner(): void {
    if (!this.#connected || this.phase === 'idle' || this.phase === 'checking' || this.phase === 'unavailable') return;
    const selector = this.#attributes.installBannerSelector ?? DEFAULT_INSTALL_BANNER_SELECTOR;
    if (this.#stopBanner && selector === this.#bannerSelector) return;
    this.#stopBanner?.();
    this.#bannerSelector = selector;
    this.#stopBanner = watchInstallBanner(selector, (px) => {
      this.#raise = px;
      this.#facade?.raise(px);
      this.#full?.state.setButtonRaise(px);
    });
  }

  /** The element is in the document. */
  connect(): void {
    this.#connected = true;
    // Before and whatever the availability check says (PROTOCOL.md §6.1).
    followPages(this.#attributes.trackPages);
    if (this.phase === 'idle') void this.#start();
    else if (this.#full) void this.#full.attach();
    this.#watchBanner();
    this.#schedulePoll();
  }

  /** The element left the document: React unmounts, the store and facade stay for a return. */
  disconnect(): void {
    this.#connected = false;
    this.#stopBanner?.();
    this.#stopBanner = undefined;
    this.#stopPolling();
    this.#full?.detach();
  }

  /** Runs `call` on the state now, or once the React part is ready. */
  call(call: QueuedCall, load?: boolean): void {
    if (this.#full) {
      call(this.#full.state);
      return;
    }
    this.#queue.push(call);
    if (load) void this.#load();
  }

  async #start(): Promise<void> {
    const options = this.#options();
    if (!options.channelId) {
      this.phase = 'unavailable';
      this.emit('livechat:ready', { available: false });
      return;
    }
    // A conversation is under way (SPEC.md §4 "Opening": reopen directly): load at once, without waiting
    // for init, whose answer only brings the channel's texts and colours here.
    if (hasSessionCookie()) {
      void this.#askInit().then((init) => init && this.#setChannel(init.options));
      return this.#load();
    }
    this.phase = 'checking';
    if (this.#answer(await this.#askInit())) return;
    // Nothing else is downloaded when nobody can answer (issue 5, "Light on the host page").
    if (this.phase === 'checking') this.phase = 'unavailable';
    this.emit('livechat:ready', { available: false });
    this.#schedulePoll();
  }

  /** While nobody is available, a visible page asks again, so the button follows the operators without a reload. */
  #schedulePoll(): void {
    if (this.#pollTimer !== undefined || this.#polling) return;
    if (!this.#connected || this.phase !== 'unavailable' || !this.#attributes.channelId) return this.#stopPolling();
    document.addEventListener('visibilitychange', this.#onVisibility);
    this.#pollTimer = setTimeout(() => {
      this.#pollTimer = undefined;
      // A hidden page waits: the visitor is elsewhere, and onVisibility asks on return.
      if (document.visibilityState !== 'hidden') void this.#poll();
    }, this.#pollMs * (0.9 + Math.random() * 0.2));
  }

  readonly #onVisibility = (): void => {
    if (document.visibilityState !== 'hidden' && this.#pollTimer === undefined && !this.#polling) void this.#poll();
  };

  #stopPolling(): void {
    clearTimeout(this.#pollTimer);
    this.#pollTimer = undefined;
    document.removeEventListener('visibilitychange', this.#onVisibility);
  }

  /** Asks `/im_livechat/init` about this element's channel. */
  #askInit(): Promise<InitResult | undefined> {
    const { serverUrl, channelId } = this.#options();
    return fetchInit(serverUrl, channelId, this.emit);
  }

  async #poll(): Promise<void> {
    if (this.phase !== 'unavailable' || !this.#attributes.channelId) return this.#stopPolling();
    this.#polling = true;
    const init = await this.#askInit();
    this.#polling = false;
    // The visitor may have called open() meanwhile: the React part then asks for itself.
    if (this.phase !== 'unavailable') return this.#stopPolling();
    if (!this.#answer(init)) this.#schedulePoll();
  }

  /** Keeps an init answer; shows the button (or the offline one, a chunk of its own: issue 14) and returns true when someone can answer. A chunk that fails to download must not reach the host page as an uncaught rejection; the next re-check asks again (`Object` is the shortest handler: the loader has no bytes to spare). */
  #answer(init: InitResult | undefined): boolean {
    if (this.#offline?.busy()) return false;
    this.#init = init;
    this.#initAt = Date.now();
    this.#channel = channelOptionsFromWire(init?.options);
    if (this.#offline || (!init?.available_for_me && init?.options?.offline_mode)) import('./offline/offline-button.js').then((m) => (this.#offline = m.followOffline(this.#offline, init, this.#root, this.#options(), this.emit)), Object);
    if (!init?.available_for_me) return false;
    this.#stopPolling();
    // open() was called before this answer and the React part already runs, showing its own button or
    // window: a facade now would stay on screen for good. While it loads, the facade goes once React is on screen.
    if (this.phase === 'full') {
      this.#full?.setChannel(this.#channel);
      return true;
    }
    if (this.phase === 'checking' || this.phase === 'unavailable') this.phase = 'facade';
    this.#facade = renderFacade(this.#root, this.#options(), {
      onInterest: () => void this.#load(),
      onOpen: () => this.call((s) => s.open(), true),
    });
    this.#watchBanner();
    this.emit('livechat:ready', { available: true });
    const rule = 'action' in init.rule ? (init.rule as LivechatRule) : undefined;
    if (rule?.action === 'auto_popup' && !isMobile() && !autoPopupCookieFalse()) {
      this.#autoPopupTimer = setTimeout(() => void this.#load(), Math.max(0, rule.auto_popup_timer * 1000));
    }
    return true;
  }

  #load(): Promise<void> {
    this.#loading ??= this.#doLoad();
    return this.#loading;
  }

  async #doLoad(): Promise<void> {
    const before = this.phase;
    this.phase = 'loading';
    clearTimeout(this.#retryTimer);
    let full: FullWidget;
    try {
      const create = await this.#loadFull();
      full = create({
        host: this.#host,
        root: this.#root,
        attributes: this.#attributes,
        channel: this.#channel,
        prefetched: this.#init ? { init: this.#init, initAt: this.#initAt } : {},
        emit: this.emit,
      });
    } catch {
      this.phase = before;
      this.#loading = undefined;
      this.emit('livechat:error', { code: 'network', message: NETWORK_ERROR_TEXT });
      // A visitor who clicked (or a page that called a method) is waiting: fetch again by itself rather
      // than leave the click unanswered; browsers fetch a module again after a failed import.
      const delay = LOAD_RETRY_DELAYS_MS[this.#loadFailures];
      this.#loadFailures += 1;
      if (this.#queue.length > 0 && delay !== undefined) this.#retryTimer = setTimeout(() => void this.#load(), delay);
      return;
    }
    clearTimeout(this.#autoPopupTimer);
    this.#stopPolling();
    this.#full = full;
    this.phase = 'full';
    const queued = this.#queue;
    this.#queue = [];
    const handedOver = full.takeOver({ facade: this.#facade, raise: this.#raise, connected: this.#connected, queued });
    this.#watchBanner();
    await handedOver;
    this.#facade = undefined;
  }
}
