import { useMemo } from 'react';
import { composerEnabledAtom, earlierConversationsAtom, historyLoadingAtom, keptDraftAtom, messagesAtom, optionsAtom, queuePlaceAtom, sessionAtom, uploadPolicyAtom } from '../../state/atoms.js';
import { QueueNotice } from '../../ui/thread/queue-notice.js';
import type { LiveChatState } from '../../state/create-state.js';
import { Composer } from '../../ui/composer/composer.js';
import { Thread } from '../../ui/thread/thread.js';
import { toThreadMessage, type ThreadMessage } from '../../ui/thread/thread-message.js';
import type { AttachmentViewerControl } from '../../ui/viewer/lazy-viewer.js';
import { useUiText } from '../../ui/shared/ui-text-context.js';
import { earlierThreadMessages } from './earlier-messages.js';
import { useStateValue } from './use-state-value.js';

/**
 * The thread as the UI shows it: a verified visitor's earlier conversations, then the state's messages
 * with their delivery state, attachments resolved against the server.
 */
function useThreadMessages(state: LiveChatState, serverUrl: string): ThreadMessage[] {
  const messages = useStateValue(state, messagesAtom);
  const earlier = useStateValue(state, earlierConversationsAtom);
  const { t } = useUiText();
  return useMemo(() => {
    const current = messages.map((m) => ({
      ...toThreadMessage(m, { serverUrl }),
      ...(m.delivery && m.delivery !== 'sent' ? { delivery: m.delivery, upload: m.file && { name: m.file.name, progress: m.progress, refusal: m.refusal } } : {}),
    }));
    const labels = { earlier: t('widget.earlier.conversation'), current: t('widget.earlier.current') };
    return [...earlierThreadMessages(earlier, serverUrl, labels, current[0]?.date ?? new Date()), ...current];
  }, [messages, earlier, serverUrl, t]);
}

/** Props of {@link ConversationView}. */
export interface ConversationViewProps {
  state: LiveChatState;
  viewer: Pick<AttachmentViewerControl, 'open'>;
}

/** The window's body while chatting: the thread and the composer. */
export function ConversationView({ state, viewer }: ConversationViewProps): React.JSX.Element {
  const options = useStateValue(state, optionsAtom);
  const messages = useThreadMessages(state, options.serverUrl);
  const loading = useStateValue(state, historyLoadingAtom);
  const composerEnabled = useStateValue(state, composerEnabledAtom);
  const upload = useStateValue(state, uploadPolicyAtom);
  const uuid = useStateValue(state, sessionAtom)?.uuid;
  const keptDraft = useStateValue(state, keptDraftAtom);
  const queuePlace = useStateValue(state, queuePlaceAtom);
  return (
    <>
      {queuePlace ? <QueueNotice place={queuePlace} onLeave={() => void state.leaveQueue()} /> : null}
      <Thread
        messages={messages}
        defaultUsername={options.defaultUsername}
        loading={loading}
        onRetry={(id) => void state.retry(id)}
        onAtBottomChange={(atBottom) => state.setAtBottom(atBottom)}
        // Next and previous stay within the message, in the order the thread shows its files.
        onOpenAttachment={(attachment, viewable) => viewer.open(attachment, viewable)}
      />
      <Composer
        // A new conversation gets a fresh field, holding a text kept from one that was gone.
        key={uuid}
        initialValue={keptDraft}
        placeholder={options.inputPlaceholder}
        disabled={!composerEnabled}
        onSend={(content) => void state.send(content)}
        onTyping={(value) => state.composerInput(value)}
        {...(upload ? { onAttach: (files: File[]) => void state.attach(files), accept: upload.types.join(',') } : {})}
      />
    </>
  );
}
