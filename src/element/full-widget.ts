/**
 * The contract between the eager loader and the lazily imported React part. Types only: importing this
 * file costs the eager script nothing.
 */
import type { LiveChatState, Prefetched } from '../state/create-state.js';
import type { ChannelOptions } from '../state/options.js';
import type { ElementAttributes } from './attributes.js';
import type { Facade } from './facade.js';
import type { LiveChatEventDetails, LiveChatEventName } from './events.js';

/** What the loader hands the full widget. */
export interface FullWidgetContext {
  host: HTMLElement;
  root: ShadowRoot;
  /** The element's attributes, checked. */
  attributes: ElementAttributes;
  /** The channel's settings known so far (checked); attributes win over them. */
  channel: ChannelOptions;
  prefetched: Prefetched;
  emit<K extends LiveChatEventName>(name: K, detail: LiveChatEventDetails[K]): void;
}

/** What the loader hands the React part once it has loaded. */
export interface Handover {
  /** The loader's button, when it shows one: it goes once React's is on screen, and its focus moves over. */
  facade: Facade | undefined;
  /** How far the button is raised above an install banner. */
  raise: number;
  /** The element is in the page: the React part renders at once. */
  connected: boolean;
  /** Calls made on the element before the React part ran, in order. */
  queued: ((state: LiveChatState) => unknown)[];
}

/** The React part, running. */
export interface FullWidget {
  readonly state: LiveChatState;
  /** Whether the chat window is open (read through the full part so the loader needs no atoms). */
  isOpen(): boolean;
  /** Incoming messages not yet seen. */
  unreadCount(): number;
  /** Attributes changed. */
  update(attributes: ElementAttributes): void;
  /** The channel's settings arrived (a reopened conversation asks for them after the React part started). */
  setChannel(channel: ChannelOptions): void;
  /** Starts the state, replaces the loader's button and runs the queued calls; resolves once they ran. */
  takeOver(handover: Handover): Promise<void>;
  /** Renders React into the shadow root (again after a remount). Resolves once the UI is on screen. */
  attach(): Promise<void>;
  /** Unmounts React (the element left the page); the store stays. */
  detach(): void;
}

/** The lazy chunk's export. */
export type CreateFullWidget = (context: FullWidgetContext) => FullWidget;
