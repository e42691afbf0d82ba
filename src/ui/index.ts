/** The widget's presentational components: props in, callbacks out, no I/O. */
export { ChatButton, type ChatButtonProps } from './button/chat-button.js';
export { chatButtonCss } from './button/chat-button.css.js';
export { ChatWindow, type ChatWindowProps } from './window/chat-window.js';
export { Thread, isSquashed, type ThreadProps } from './thread/thread.js';
export { MessageBody, type MessageBodyProps } from './thread/message-body.js';
export { AttachmentList, type AttachmentListProps } from './thread/attachment-list.js';
export {
  toThreadMessage,
  parseServerDate,
  type DeliveryState,
  type ThreadAttachment,
  type ThreadAuthor,
  type ThreadMessage,
  type ToThreadMessageOptions,
} from './thread/thread-message.js';
export { Composer, type ComposerProps } from './composer/composer.js';
export { FeedbackPanel, type FeedbackPanelProps, type FeedbackStage, type TranscriptState } from './feedback/feedback-panel.js';
export { Notice, type NoticeKind, type NoticeProps } from './shared/notice.js';
export { StatusLine, type ConnectionStatus, type HeaderStatus, type StatusLineProps } from './shared/status-line.js';
export { UnreadBadge, type UnreadBadgeProps } from './shared/unread-badge.js';
export { typingText } from './shared/typing-text.js';
export { UiTextProvider, useUiText, type UiTextProviderProps } from './shared/ui-text-context.js';
export { createUiText, directionOf, type MessageKey, type MessageValues, type TextDirection, type UiText, type UiTextOptions } from './shared/ui-text.js';
export { sanitizeHtml, sanitizeToFragment, ALLOWED_TAGS, ALLOWED_ATTRIBUTES, ALLOWED_URI } from './shared/sanitize.js';
export { safeColor } from './shared/safe-color.js';
export { DEFAULT_AVATAR_URL } from './shared/default-avatar.js';
export { uiStyles } from './styles.js';
