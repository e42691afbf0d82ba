import type { CSSProperties, FocusEvent, PointerEvent } from 'react';
import type { Launcher } from '../../state/options.js';
import { safeColor } from '../shared/safe-color.js';
import { CHAT_ICON_PATH } from './chat-icon.js';
import { UnreadBadge } from '../shared/unread-badge.js';
import { useUiText } from '../shared/ui-text-context.js';

/** Props of {@link ChatButton}. */
export interface ChatButtonProps {
  /** Button text; empty or missing gives "Chat with one of our collaborators". */
  text?: string;
  /** CSS colour of the background (validated: anything that is not a colour is ignored). */
  backgroundColor?: string;
  /** CSS colour of the text (validated likewise). */
  textColor?: string;
  /** `bubble`: a round button with a chat icon, named by `text`; `tab` (default): the text itself. */
  launcher?: Launcher;
  /** Height in px of an install banner at the bottom of the page; the button sits above it. */
  raiseBy?: number;
  /** Messages not seen yet, while the button stands in for a minimised window; 0 or missing shows none. */
  unreadCount?: number;
  /** Opens the chat; the debounce of SPEC.md §4 is the caller's. */
  onOpen(): void;
  /** First sign of interest (pointer over, focus): lets the caller preload the chat. */
  onInterest?(): void;
}

/** The floating "Chat with one of our collaborators" button (SPEC.md §2.1). */
export function ChatButton({ text, backgroundColor, textColor, launcher = 'tab', raiseBy, unreadCount = 0, onOpen, onInterest }: ChatButtonProps): React.JSX.Element {
  const { t } = useUiText();
  const style: CSSProperties & Record<'--lc-button-raise', string> = {
    '--lc-button-raise': `${Math.max(0, Number.isFinite(raiseBy) ? (raiseBy as number) : 0)}px`,
  };
  const background = safeColor(backgroundColor);
  const color = safeColor(textColor);
  if (background) style.background = background;
  if (color) style.color = color;
  const label = text && text.trim() !== '' ? text : t('widget.button.text');
  const interest = (_event: PointerEvent | FocusEvent): void => onInterest?.();
  return (
    <button type="button" className="lc-button" part="button" data-launcher={launcher} style={style} onClick={() => onOpen()} onPointerEnter={interest} onFocus={interest}>
      {launcher === 'bubble' ? (
        <>
          <svg aria-hidden="true">
            <path d={CHAT_ICON_PATH} />
          </svg>
          <span>{label}</span>
        </>
      ) : (
        label
      )}
      <UnreadBadge count={unreadCount} />
    </button>
  );
}
