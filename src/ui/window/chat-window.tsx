import { useId, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { safeColor } from '../shared/safe-color.js';
import { safeUrl } from '../shared/safe-url.js';
import { StatusLine, type HeaderStatus } from '../shared/status-line.js';
import { typingParts } from '../shared/typing-text.js';
import { UnreadBadge } from '../shared/unread-badge.js';
import { useUiText } from '../shared/ui-text-context.js';
import { SoundIcon } from './sound-icon.js';
import { fileDropProps } from './file-drop.js';

/** Props of {@link ChatWindow}. */
export interface ChatWindowProps {
  /** Header title, usually the operator's name; it names the dialog. */
  title: string;
  /** The operator's picture beside the title (decorative: the title names them). */
  avatarUrl?: string;
  status: HeaderStatus;
  unreadCount: number;
  /** Names of the others typing now (the visitor's own typing is never among them). */
  typingNames: readonly string[];
  /** Folded to the 34 px header (ignored when `mobile`). */
  folded: boolean;
  /** Full screen, no folding (SPEC.md §2: folding is disabled on mobile). */
  mobile: boolean;
  /** Put away behind the button: kept mounted (draft, scroll) but out of sight and out of reach. */
  minimised?: boolean;
  /** The "Minimise" button of the mobile header, in place of folding; without it there is none. */
  onMinimise?(): void;
  /** Header background colour (validated). */
  headerColor?: string;
  /** Title colour (validated). */
  titleColor?: string;
  /** Header click or the fold button; not called on mobile. */
  onToggleFold(): void;
  /** The "Close" button. */
  onClose(): void;
  /** The new-message beep is muted (the mute toggle shows pressed). */
  soundMuted?: boolean;
  /** The mute toggle; without it the window has none. */
  onToggleSound?(): void;
  /** Escape pressed inside the window: the caller folds or closes. */
  onEscape?(): void;
  /** Files dropped on the window (issue 15); without it, dropping does what the browser does. */
  onDropFiles?(files: File[]): void;
  /** The body: thread and composer, or the feedback panel. */
  children?: ReactNode;
}

/** The chat window of SPEC.md §2.2: a non-modal dialog fixed at the bottom edge. */
export function ChatWindow(props: ChatWindowProps): React.JSX.Element {
  const { title, status, unreadCount, typingNames, mobile, onToggleFold, onEscape, children } = props;
  const { t, dir } = useUiText();
  const titleId = useId();
  const folded = props.folded && !mobile;
  const headerStyle: CSSProperties = {};
  const background = safeColor(props.headerColor);
  const color = safeColor(props.titleColor);
  if (background) headerStyle.background = background;
  if (color) headerStyle.color = color;
  const typing = typingParts(t, typingNames);

  const onHeaderClick = (event: MouseEvent<HTMLElement>): void => {
    if (mobile) return;
    // The buttons in the header have their own job; only a click on the bar itself folds.
    if ((event.target as Element).closest('button')) return;
    onToggleFold();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key === 'Escape' && onEscape) {
      event.stopPropagation();
      onEscape();
    }
  };

  return (
    <section
      className="lc-window"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      dir={dir}
      data-folded={folded ? '' : undefined}
      data-mobile={mobile ? '' : undefined}
      data-minimised={props.minimised ? '' : undefined}
      part="window"
      onKeyDown={onKeyDown}
      {...fileDropProps(props.onDropFiles)}
    >
      <header className="lc-header" style={headerStyle} onClick={onHeaderClick} part="header">
        <HeaderAvatar url={props.avatarUrl} />
        <div className="lc-header-text">
          <h2 className="lc-title" id={titleId} dir="auto">
            {title}
          </h2>
          <div className="lc-header-sub">
            {typing.length > 0 ? (
              <span className="lc-typing">
                <span className="lc-typing-dots" aria-hidden="true">
                  <i />
                  <i />
                  <i />
                </span>
                {typing.map((part, i) => (typeof part === 'string' ? part : <span key={i} dir="auto">{part.name}</span>))}
              </span>
            ) : (
              <StatusLine status={status} />
            )}
          </div>
        </div>
        <UnreadBadge count={unreadCount} />
        <HeaderButtons {...props} folded={folded} />
      </header>
      <div className="lc-body" hidden={folded}>
        {children}
      </div>
    </section>
  );
}

/** Mute, then Minimise on mobile or fold elsewhere, then Close. */
function HeaderButtons({ mobile, folded, soundMuted = false, onToggleSound, onMinimise, onToggleFold, onClose }: ChatWindowProps): React.JSX.Element {
  const { t } = useUiText();
  return (
    <>
      {onToggleSound ? (
        // One name with the pressed state, so assistive technology reads "Mute sounds, pressed" rather than a name that flips.
        <button type="button" className="lc-icon-button" aria-pressed={soundMuted} aria-label={t('widget.window.mute')} onClick={() => onToggleSound()}>
          <SoundIcon muted={soundMuted} />
        </button>
      ) : null}
      {mobile && onMinimise ? (
        <button type="button" className="lc-icon-button" aria-label={t('widget.window.minimise')} onClick={() => onMinimise()}>
          <span aria-hidden="true">−</span>
        </button>
      ) : null}
      {mobile ? null : (
        <button type="button" className="lc-icon-button" aria-expanded={!folded} aria-label={t(folded ? 'widget.window.unfold' : 'widget.window.fold')} onClick={() => onToggleFold()}>
          <span aria-hidden="true">{folded ? '▴' : '▾'}</span>
        </button>
      )}
      <button type="button" className="lc-icon-button" aria-label={t('widget.window.close')} onClick={() => onClose()}>
        <span aria-hidden="true">×</span>
      </button>
    </>
  );
}

/** The operator's picture; a picture that does not load leaves no broken image behind. */
function HeaderAvatar({ url }: { url: string | undefined }): React.JSX.Element | null {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const src = safeUrl(url);
  if (!src || failed === src) return null;
  return <img className="lc-header-avatar" src={src} alt="" width={24} height={24} onError={() => setFailed(src)} />;
}
