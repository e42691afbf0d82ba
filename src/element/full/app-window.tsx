import { partnerImageUrl } from '../../protocol/livechat.js';
import { connectionAtom, endedAtom, foldedAtom, mobileAtom, windowMinimisedAtom, operatorIdAtom, optionsAtom, phaseAtom, soundMutedAtom, titleAtom, typingNamesAtom, unreadCountAtom, uploadPolicyAtom } from '../../state/atoms.js';
import type { LiveChatState } from '../../state/create-state.js';
import type { AttachmentViewerControl } from '../../ui/viewer/lazy-viewer.js';
import { ChatWindow } from '../../ui/window/chat-window.js';
import { ConversationView } from './conversation-view.js';
import { FeedbackView } from './feedback-view.js';
import { PrechatView } from './prechat-view.js';
import { useStateValue } from './use-state-value.js';

/** Props of {@link AppWindow}. */
export interface AppWindowProps {
  state: LiveChatState;
  viewer: Pick<AttachmentViewerControl, 'open'>;
}

/** The open chat window: its header from the state, and the conversation or the feedback panel inside. */
export function AppWindow({ state, viewer }: AppWindowProps): React.JSX.Element {
  const options = useStateValue(state, optionsAtom);
  const operatorId = useStateValue(state, operatorIdAtom);
  const folded = useStateValue(state, foldedAtom);
  const mobile = useStateValue(state, mobileAtom);
  const minimised = useStateValue(state, windowMinimisedAtom);
  const phase = useStateValue(state, phaseAtom);
  const title = useStateValue(state, titleAtom);
  const status = useStateValue(state, connectionAtom);
  const ended = useStateValue(state, endedAtom);
  const unread = useStateValue(state, unreadCountAtom);
  const typingNames = useStateValue(state, typingNamesAtom);
  const soundMuted = useStateValue(state, soundMutedAtom);
  const upload = useStateValue(state, uploadPolicyAtom);
  return (
    <ChatWindow
      title={title}
      avatarUrl={operatorId === undefined ? undefined : partnerImageUrl(options.serverUrl, operatorId)}
      // Before a conversation there is no link to report: init just said someone is there. After one the
      // link no longer matters: the conversation is over.
      status={phase === 'prechat' ? 'online' : ended ? 'ended' : status}
      unreadCount={unread}
      typingNames={typingNames}
      folded={folded}
      mobile={mobile}
      minimised={minimised}
      onMinimise={() => state.minimise()}
      headerColor={options.headerBackgroundColor}
      titleColor={options.titleColor}
      onToggleFold={() => state.toggleFold()}
      onClose={() => state.requestClose()}
      soundMuted={soundMuted}
      onToggleSound={() => state.toggleSound()}
      // Escape folds an unfolded window; on mobile (no folding) or when folded it closes.
      onEscape={() => (mobile || folded ? state.requestClose() : state.toggleFold())}
      {...(upload && phase === 'chat' ? { onDropFiles: (files: File[]) => void state.attach(files) } : {})}
    >
      {phase === 'feedback' ? <FeedbackView state={state} /> : phase === 'prechat' ? <PrechatView state={state} /> : <ConversationView state={state} viewer={viewer} />}
    </ChatWindow>
  );
}
