/**
 * The offline form (issue 14), a lazy chunk: the form, its styles and its one call,
 * `/im_livechat/offline_message`. The offline button (./offline-button.ts) fetches it, through the
 * chat's chunk that holds React and the texts, when a visitor shows interest.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { RpcClient } from '../../platform/rpc/client.js';
import { markHandled } from '../../platform/errors.js';
import { OFFLINE_MESSAGE_ROUTE, type OfflineMessageParams } from '../../protocol/offline-message.js';
import { newPostKey } from '../../state/messages.js';
import { OfflineForm, type OfflineMessageFields, type OfflineSending } from '../../ui/offline/offline-form.js';
import { offlineFormCss } from '../../ui/offline/offline-form.css.js';
import { hostCss } from '../../ui/shared/host.css.js';
import { sharedCss } from '../../ui/shared/shared.css.js';
import { themeCss } from '../../ui/shared/theme.css.js';
import { UiTextProvider } from '../../ui/shared/ui-text-context.js';
import { adoptStyles } from '../../ui/shared/stylesheets.js';
import { chatWindowCss } from '../../ui/window/chat-window.css.js';
import { loadMessages, uiTextFor } from '../full/ui-texts.js';
import { dateLocaleFor, reopeningText } from '../../platform/time/index.js';
import type { OfflineContext, OpenOfflineForm } from './offline-button.js';

/** Opens the dialog in the element's shadow root; resolves once it is on screen. */
export const openOfflineForm: OpenOfflineForm = async (context: OfflineContext) => {
  const { lang, serverUrl, channelId } = context.options;
  const ui = uiTextFor(lang, await loadMessages(lang));
  const title = context.title || ui.t('widget.offline.title');
  // In the visitor's language and in the browser's time zone, which is the visitor's.
  const backAt = context.reopensAt === undefined ? '' : reopeningText(new Date(context.reopensAt), { locale: dateLocaleFor(lang), translate: ui.t });
  const rpc = new RpcClient({ baseUrl: serverUrl });
  adoptStyles(context.root, [hostCss, themeCss, sharedCss, chatWindowCss, offlineFormCss]);
  const mountPoint = document.createElement('div');
  mountPoint.className = 'lc-root';
  context.root.append(mountPoint);
  const reactRoot: Root = createRoot(mountPoint);
  // One key for the message until it is stored: a retry whose first try did reach the server stores nothing twice.
  let postKey = newPostKey();
  let sending: OfflineSending = 'editing';
  let open = true;

  const close = (): void => {
    if (!open) return;
    open = false;
    reactRoot.unmount();
    mountPoint.remove();
    context.onClose();
  };
  const send = (fields: OfflineMessageFields): void => {
    const params: OfflineMessageParams = { channel_id: channelId, name: fields.name, email: fields.email, message: fields.message, post_key: postKey };
    render('sending');
    rpc.call<boolean>(OFFLINE_MESSAGE_ROUTE, { ...params }).then(
      () => {
        postKey = newPostKey();
        render('sent');
        context.emit('livechat:offline-message', { ok: true });
      },
      (err: unknown) => {
        // Shown in the form; not a page-wide rpc_error.
        markHandled(err);
        render('failed');
        context.emit('livechat:offline-message', { ok: false });
      },
    );
  };
  function render(next: OfflineSending): void {
    sending = next;
    if (!open) return;
    reactRoot.render(
      <UiTextProvider value={ui}>
        <OfflineForm title={title} backAt={backAt} sending={sending} onSend={send} onClose={close} />
      </UiTextProvider>,
    );
  }
  flushSync(() => render(sending));
  return { close };
};
