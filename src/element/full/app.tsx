/**
 * The React root of `<live-chat>`: reads the element's store and feeds the presentational components of
 * src/ui. No I/O here: every action goes through the state.
 */
import { useAtomValue } from 'jotai/react';
import { useEffect, useMemo, useRef } from 'react';
import { partnerImageUrl } from '../../protocol/livechat.js';
import {
  buttonRaiseAtom,
  buttonVisibleAtom,
  composerEnabledAtom,
  connectionAtom,
  feedbackAtom,
  foldedAtom,
  historyLoadingAtom,
  isOpenAtom,
  messageNoticeAtom,
  messagesAtom,
  mobileAtom,
  noticeAtom,
  optionsAtom,
  phaseAtom,
  soundMutedAtom,
  titleAtom,
  operatorIdAtom,
  transcriptAtom,
  typingNamesAtom,
  unreadCountAtom,
  type FeedbackStep,
  type TranscriptStep,
} from '../../state/atoms.js';
import type { LiveChatState } from '../../state/create-state.js';
import { ERROR_MESSAGE_KEYS } from '../../state/errors.js';
import { ChatButton } from '../../ui/button/chat-button.js';
import { Composer } from '../../ui/composer/composer.js';
import type { FeedbackStage, TranscriptState } from '../../ui/feedback/feedback-panel.js';
import { Notice } from '../../ui/shared/notice.js';
import { UiTextProvider } from '../../ui/shared/ui-text-context.js';
import type { UiText } from '../../ui/shared/ui-text.js';
import { Thread } from '../../ui/thread/thread.js';
import { toThreadMessage } from '../../ui/thread/thread-message.js';
import { useAttachmentViewer } from '../../ui/viewer/lazy-viewer.js';
import { ChatWindow } from '../../ui/window/chat-window.js';
import { LazyFeedbackPanel } from './lazy-feedback.js';

/** Props of {@link LiveChatApp}. */
export interface LiveChatAppProps {
  state: LiveChatState;
  ui: UiText;
  /** The element's shadow root, to move focus between the button and the window. */
  root: ShadowRoot;
}

const STAGES: Record<FeedbackStep, FeedbackStage> = { choose: 'choosing', reason: 'explaining', sending: 'sending', thanks: 'thanked' };
// The panel flags an invalid address itself; the state's own check only guards the call.
const TRANSCRIPT: Record<TranscriptStep, TranscriptState> = { idle: 'idle', invalid: 'idle', sending: 'sending', sent: 'sent', failed: 'failed' };

/** The whole widget for one element. */
export function LiveChatApp({ state, ui, root }: LiveChatAppProps): React.JSX.Element {
  const o = { store: state.store };
  const options = useAtomValue(optionsAtom, o);
  const phase = useAtomValue(phaseAtom, o);
  const notice = useAtomValue(noticeAtom, o);
  const messageNotice = useAtomValue(messageNoticeAtom, o);
  const buttonVisible = useAtomValue(buttonVisibleAtom, o);
  const raiseBy = useAtomValue(buttonRaiseAtom, o);
  const isOpen = useAtomValue(isOpenAtom, o);
  const messages = useAtomValue(messagesAtom, o);
  const folded = useAtomValue(foldedAtom, o);
  const mobile = useAtomValue(mobileAtom, o);
  const unread = useAtomValue(unreadCountAtom, o);
  const typingNames = useAtomValue(typingNamesAtom, o);
  const status = useAtomValue(connectionAtom, o);
  const title = useAtomValue(titleAtom, o);
  const operatorId = useAtomValue(operatorIdAtom, o);
  const loading = useAtomValue(historyLoadingAtom, o);
  const composerEnabled = useAtomValue(composerEnabledAtom, o);
  const feedback = useAtomValue(feedbackAtom, o);
  const transcript = useAtomValue(transcriptAtom, o);
  const soundMuted = useAtomValue(soundMutedAtom, o);
  const viewer = useAttachmentViewer();

  const threadMessages = useMemo(
    () =>
      messages.map((m) => ({
        ...toThreadMessage(m, { serverUrl: options.serverUrl }),
        ...(m.delivery && m.delivery !== 'sent' ? { delivery: m.delivery } : {}),
      })),
    [messages, options.serverUrl],
  );

  // Keyboard users land in the composer when the window opens and back on the button when it closes.
  const wasOpen = useRef(isOpen);
  useEffect(() => {
    if (isOpen && !wasOpen.current) (root.querySelector('.lc-composer-input') as HTMLElement | null)?.focus();
    if (!isOpen && wasOpen.current) (root.querySelector('.lc-button') as HTMLElement | null)?.focus();
    wasOpen.current = isOpen;
  }, [isOpen, root]);

  const noticeKey = notice && notice.code !== 'invalid_option' ? ERROR_MESSAGE_KEYS[notice.code] : undefined;

  return (
    <UiTextProvider value={ui}>
      <div className="lc-app" data-window={isOpen ? (folded && !mobile ? 'folded' : 'open') : 'closed'} data-mobile={mobile ? '' : undefined}>
        {noticeKey ? (
          <Notice message={ui.t(noticeKey as Parameters<UiText['t']>[0])} onDismiss={() => state.dismissNotice()} />
        ) : messageNotice ? (
          <Notice kind="info" message={messageNotice.title} detail={messageNotice.body} onDismiss={() => state.dismissMessageNotice()} />
        ) : null}
        {buttonVisible ? (
          <ChatButton text={options.buttonText} backgroundColor={options.buttonBackgroundColor} textColor={options.buttonTextColor} launcher={options.launcher} raiseBy={raiseBy} onOpen={() => void state.open()} />
        ) : null}
        {isOpen ? (
          <ChatWindow
            title={title}
            avatarUrl={operatorId === undefined ? undefined : partnerImageUrl(options.serverUrl, operatorId)}
            status={status}
            unreadCount={unread}
            typingNames={typingNames}
            folded={folded}
            mobile={mobile}
            headerColor={options.headerBackgroundColor}
            titleColor={options.titleColor}
            onToggleFold={() => state.toggleFold()}
            onClose={() => state.requestClose()}
            soundMuted={soundMuted}
            onToggleSound={() => state.toggleSound()}
            // Escape folds an unfolded window; on mobile (no folding) or when folded it closes.
            onEscape={() => (mobile || folded ? state.requestClose() : state.toggleFold())}
          >
            {phase === 'feedback' ? (
              <LazyFeedbackPanel
                stage={STAGES[feedback.step]}
                rate={feedback.rate}
                transcript={TRANSCRIPT[transcript]}
                onRate={(rate) => void state.rate(rate)}
                onSendReason={(reason) => void state.submitReason(reason)}
                onNoFeedback={() => state.skipFeedback()}
                onSendTranscript={(email) => void state.sendTranscript(email)}
                onTranscriptRetry={() => state.retryTranscript()}
              />
            ) : (
              <>
                <Thread
                  messages={threadMessages}
                  defaultUsername={options.defaultUsername}
                  loading={loading}
                  onRetry={(id) => void state.retry(id)}
                  onAtBottomChange={(atBottom) => state.setAtBottom(atBottom)}
                  // Next and previous stay within the message, in the order the thread shows its files.
                  onOpenAttachment={(attachment, viewable) => viewer.open(attachment, viewable)}
                />
                <Composer
                  placeholder={options.inputPlaceholder}
                  disabled={!composerEnabled}
                  onSend={(content) => void state.send(content)}
                  onTyping={(value) => state.composerInput(value)}
                />
              </>
            )}
          </ChatWindow>
        ) : null}
        {viewer.element}
      </div>
    </UiTextProvider>
  );
}
