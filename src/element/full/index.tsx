/**
 * The lazily imported half of `<live-chat>`: React, the store, the platform services and every style.
 * The loader imports this chunk on the first sign of interest (see ../controller.ts).
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { isOpenAtom, unreadCountAtom } from '../../state/atoms.js';
import { createScreenSizeWatcher, type ScreenSizeWatcher } from '../../platform/screen/screen-size.js';
import { isMobileSize, sizeClassForWidth } from '../../platform/screen/size-class.js';
import { createLiveChatState } from '../../state/create-state.js';
import type { InitResult, LivechatChannelOptions } from '../../protocol/livechat.js';
import type { ChannelOptions, WidgetOptions } from '../../state/options.js';
import { uiStyles } from '../../ui/styles.js';
import { pageLanguage, widgetOptions, type ElementAttributes } from '../attributes.js';
import type { CreateFullWidget, FullWidget } from '../full-widget.js';
import type { OfflineContext, OpenOfflineForm } from '../offline/offline-button.js';
import { NETWORK_ERROR_TEXT } from '../../state/loader-errors.js';
import { adoptStyles } from '../../ui/shared/stylesheets.js';
import { appCss } from './app.css.js';
import { LiveChatApp } from './app.js';
import { defaultTexts, loadMessages, uiTextFor } from './ui-texts.js';
import { takeOver } from './take-over.js';
import { bindContextProperty, watchVisitorAttributes } from './visitor-attributes.js';
import { browserDeps } from './wiring.js';

/** The offline form (issue 14), in a chunk of its own that shares this one's React and texts. */
export const openOfflineForm: OpenOfflineForm = (context) => import('../offline/offline-dialog.js').then((m) => m.openOfflineForm(context));

/**
 * Opens the channel's offline form in place of the chat when it has one (a page that showed the button
 * before the queue filled or the last operator left); false without one. The button takes the focus back
 * when the form closes, as the loader's offline button does.
 */
function offerOfflineForm(root: ShadowRoot, options: WidgetOptions, channel: ChannelOptions, emit: OfflineContext['emit'], onClose: () => void): boolean {
  // Read as the loader's offline button reads it (offlineTextOf), here without importing that chunk's
  // module, which would split it into a chunk of its own that the eager script must name.
  const raw = channel.raw as InitResult['options'];
  if (raw?.offline_mode !== 'message_form') return false;
  const title = typeof raw.offline_text === 'string' ? raw.offline_text.trim().slice(0, 200) : '';
  const closed = (): void => {
    onClose();
    setTimeout(() => (root.querySelector('.lc-button') as HTMLElement | null)?.focus());
  };
  openOfflineForm({ root, options, title, emit, onClose: closed }).catch(() => {
    emit('livechat:error', { code: 'network', message: NETWORK_ERROR_TEXT });
    onClose();
  });
  return true;
}

/** The channel's visitor-upload policy as the init answer gave it; the state checks it. */
const uploadPolicyWire = (channel: ChannelOptions): unknown => (channel.raw as Partial<LivechatChannelOptions> | null | undefined)?.visitor_upload;

/** Creates the store and React part of one element. */
export const createFullWidget: CreateFullWidget = (context) => {
  const { root, emit } = context;
  let attributes = context.attributes;
  let channel = context.channel;
  const langOf = (a: ElementAttributes): string => a.lang ?? pageLanguage();
  let lang = langOf(attributes);
  let ui = uiTextFor(lang, {});
  const initial = widgetOptions(attributes, () => defaultTexts(ui), channel);
  // One screen watcher per element while it is in the page: resizes count once they pause for 250 ms
  // (SPEC.md §9), and the platform's size classes decide what mobile is.
  let viewport: ScreenSizeWatcher | undefined;
  const isMobile = (): boolean => viewport?.isMobile ?? isMobileSize(sizeClassForWidth(window.innerWidth));
  const deps = browserDeps(initial.serverUrl, emit, (name) => ui.t('widget.notice.newMessage', { name }), isMobile, () => attributes.trackPages);
  const state = createLiveChatState({ ...deps, offlineForm: (onClose) => offerOfflineForm(root, options(), channel, emit, onClose) }, initial);
  state.setUploadPolicy(uploadPolicyWire(channel));
  watchVisitorAttributes(context.host, (values) => state.setVisitorAttributes(values));
  bindContextProperty(context.host, state);
  const watchViewport = (): void => {
    if (viewport) return;
    const watcher = createScreenSizeWatcher();
    watcher.subscribe(() => state.setMobile(watcher.isMobile));
    viewport = watcher;
    state.setMobile(watcher.isMobile);
  };
  let reactRoot: Root | undefined;
  let mountPoint: HTMLElement | undefined;

  const render = (): void => reactRoot?.render(<LiveChatApp state={state} ui={ui} root={root} />);

  const options = (): WidgetOptions => widgetOptions(attributes, () => defaultTexts(ui), channel);
  const refreshTexts = async (): Promise<void> => {
    lang = langOf(attributes);
    ui = uiTextFor(lang, await loadMessages(lang));
    state.setOptions(options());
  };
  const texts = refreshTexts();

  const widget: FullWidget = {
    state,
    isOpen: () => state.store.get(isOpenAtom),
    unreadCount: () => state.store.get(unreadCountAtom),
    update(next) {
      const langChanged = langOf(next) !== lang;
      attributes = next;
      if (langChanged) void refreshTexts().then(render);
      else {
        state.setOptions(options());
        render();
      }
    },
    setChannel(next) {
      channel = next;
      state.setUploadPolicy(uploadPolicyWire(next));
      state.setOptions(options());
      render();
    },
    takeOver: (handover) => takeOver(widget, root, context.prefetched, handover),
    async attach() {
      await texts;
      adoptStyles(root, [...uiStyles, appCss]);
      if (!mountPoint) {
        mountPoint = document.createElement('div');
        mountPoint.className = 'lc-root';
      }
      if (!mountPoint.isConnected) root.append(mountPoint);
      reactRoot ??= createRoot(mountPoint);
      watchViewport();
      state.resume();
      // Rendered synchronously so the facade can go in the same task: no frame without a button, and no
      // wait on animation frames (which background tabs do not run).
      flushSync(render);
    },
    detach() {
      viewport?.dispose();
      viewport = undefined;
      state.suspend();
      reactRoot?.unmount();
      reactRoot = undefined;
      mountPoint?.remove();
    },
  };
  return widget;
};
