/**
 * The offline button (issue 14): while nobody is online, a channel whose form is on shows a button with
 * its offline text instead of hiding it (SPEC.md §8 hides it, and stays the default). A small chunk of
 * its own, which the loader fetches only for such a channel; the form itself (./offline-dialog.tsx)
 * comes later, on the first sign of interest. The button is the loader's facade, with the offline text.
 */
import type { InitResult } from '../../protocol/livechat.js';
import { NETWORK_ERROR_TEXT } from '../../state/loader-errors.js';
import type { WidgetOptions } from '../../state/options.js';
import type { LiveChatEventDetails, LiveChatEventName } from '../events.js';
import { renderFacade, type Facade } from '../facade.js';
import { defaultOfflineText } from './offline-texts.js';

/** What the lazy form needs. */
export interface OfflineContext {
  root: ShadowRoot;
  /** The widget's options: server, channel and language. */
  options: WidgetOptions;
  /** The channel's own offline text, or `''` for the default in the widget's language. */
  title: string;
  /** When the channel's business hours open it again (epoch ms), if they are what closes it. */
  reopensAt?: number;
  emit<K extends LiveChatEventName>(name: K, detail: LiveChatEventDetails[K]): void;
  /** The dialog closed. */
  onClose(): void;
}

/** The open form. */
export interface OfflineDialog {
  close(): void;
}

/** The lazy chunk's export. */
export type OpenOfflineForm = (context: OfflineContext) => Promise<OfflineDialog>;

/** The offline button while it shows. */
export interface OfflineLauncher {
  /** An operator came online (or the element left): the button and any form go. */
  remove(): void;
  /**
   * Whether the visitor has the form open (or opening): the loader then leaves init answers aside, so
   * nothing changes under their hands until it closes.
   */
  busy(): boolean;
  /** The latest init answer's reopening time, for the next form opened. */
  reopensAt?: number;
}

/**
 * The offline button after an init answer: shown while nobody is online on a channel whose form is on,
 * kept while it already shows, gone otherwise.
 */
export function followOffline(current: OfflineLauncher | undefined, init: InitResult | undefined, root: ShadowRoot, options: WidgetOptions, emit: OfflineContext['emit']): OfflineLauncher | undefined {
  const text = init?.available_for_me ? undefined : offlineTextOf(init);
  if (text === undefined) current?.remove();
  const launcher = text === undefined ? undefined : (current ?? showOfflineButton(root, options, text, emit));
  const at = init?.options?.reopens_at;
  if (launcher) launcher.reopensAt = typeof at === 'number' && Number.isFinite(at) ? at : undefined;
  return launcher;
}

/** The channel's offline text when its form is on (`''`: the default text); undefined when the button hides. */
export function offlineTextOf(init: InitResult | undefined): string | undefined {
  const o = init?.options;
  if (o?.offline_mode !== 'message_form') return undefined;
  return typeof o.offline_text === 'string' ? o.offline_text.trim().slice(0, 200) : '';
}

/**
 * Fetches the form through the chat's lazy chunk, which holds React and the texts and imports the form's
 * own chunk: a form chunk fetched from here would split React into a third chunk that every chat pays for.
 */
const loadOfflineForm = (): Promise<OpenOfflineForm> => import('../full/index.js').then((m) => m.openOfflineForm);

/** Shows the offline button; `load` fetches the form. */
export function showOfflineButton(root: ShadowRoot, options: WidgetOptions, title: string, emit: OfflineContext['emit'], load = loadOfflineForm): OfflineLauncher {
  let facade: Facade | undefined;
  // Set from the click until the dialog closes: opening, or open.
  let dialog: Promise<OfflineDialog | undefined> | undefined;
  let gone = false;
  const draw = (): void => {
    facade = renderFacade(root, { ...options, buttonText: title || defaultOfflineText(options.lang) }, { onInterest: () => void load().catch(() => undefined), onOpen });
  };
  const onClose = (): void => {
    dialog = undefined;
    if (gone) return;
    draw();
    (root.querySelector('.lc-button') as HTMLElement | null)?.focus();
  };
  function onOpen(): void {
    dialog ??= load()
      .then((open) => (gone ? undefined : open({ root, options, title, emit, onClose, reopensAt: launcher.reopensAt })))
      .then(
        (d) => {
          // The dialog takes the button's place, as the chat window does.
          facade?.remove();
          return d;
        },
        () => {
          dialog = undefined;
          emit('livechat:error', { code: 'network', message: NETWORK_ERROR_TEXT });
          return undefined;
        },
      );
  }
  draw();
  const launcher: OfflineLauncher = {
    remove() {
      gone = true;
      facade?.remove();
      void dialog?.then((d) => d?.close());
    },
    busy: () => dialog !== undefined,
  };
  return launcher;
}
