/**
 * The React root of `<live-chat>`: reads the element's store and feeds the presentational components of
 * src/ui. No I/O here: every action goes through the state. Each part reads only the atoms it shows, so
 * a new message re-renders the thread, not the button.
 */
import { buttonRaiseAtom, buttonVisibleAtom, foldedAtom, isOpenAtom, mobileAtom, optionsAtom, phaseAtom, unreadCountAtom, windowMinimisedAtom } from '../../state/atoms.js';
import type { CSSProperties } from 'react';
import type { LiveChatState } from '../../state/create-state.js';
import { ChatButton } from '../../ui/button/chat-button.js';
import { UiTextProvider } from '../../ui/shared/ui-text-context.js';
import type { UiText } from '../../ui/shared/ui-text.js';
import { useAttachmentViewer } from '../../ui/viewer/lazy-viewer.js';
import { AppNotice } from './app-notice.js';
import { AppWindow } from './app-window.js';
import { useFocusHandoff } from './focus-handoff.js';
import { useStateValue } from './use-state-value.js';

/** Props of {@link LiveChatApp}. */
export interface LiveChatAppProps {
  state: LiveChatState;
  ui: UiText;
  /** The element's shadow root, to move focus between the button and the window. */
  root: ShadowRoot;
}

/** The launcher button, while the state shows it. */
function AppButton({ state }: { state: LiveChatState }): React.JSX.Element | null {
  const options = useStateValue(state, optionsAtom);
  const visible = useStateValue(state, buttonVisibleAtom);
  const raiseBy = useStateValue(state, buttonRaiseAtom);
  const minimised = useStateValue(state, windowMinimisedAtom);
  const unread = useStateValue(state, unreadCountAtom);
  if (!visible) return null;
  const { buttonText, buttonBackgroundColor, buttonTextColor, launcher } = options;
  return (
    <ChatButton
      text={buttonText}
      backgroundColor={buttonBackgroundColor}
      textColor={buttonTextColor}
      launcher={launcher}
      raiseBy={raiseBy}
      unreadCount={minimised ? unread : 0}
      onOpen={() => void state.open()}
    />
  );
}

/** The whole widget for one element. */
export function LiveChatApp({ state, ui, root }: LiveChatAppProps): React.JSX.Element {
  const isOpen = useStateValue(state, isOpenAtom);
  const folded = useStateValue(state, foldedAtom);
  const mobile = useStateValue(state, mobileAtom);
  const phase = useStateValue(state, phaseAtom);
  const minimised = useStateValue(state, windowMinimisedAtom);
  const buttonShown = useStateValue(state, buttonVisibleAtom);
  const raiseBy = useStateValue(state, buttonRaiseAtom);
  const viewer = useAttachmentViewer();
  useFocusHandoff(isOpen && !minimised, root, phase);
  const shown = minimised ? 'minimised' : folded && !mobile ? 'folded' : 'open';
  // A notice never covers the button: it may be telling the visitor to press it.
  const noticeRaise: CSSProperties & Record<'--lc-notice-raise', string> = { '--lc-notice-raise': `${raiseBy}px` };
  return (
    <UiTextProvider value={ui}>
      <div
        className="lc-app"
        data-window={isOpen ? shown : 'closed'}
        data-mobile={mobile ? '' : undefined}
        data-button={buttonShown ? '' : undefined}
        style={noticeRaise}
      >
        <AppNotice state={state} />
        <AppButton state={state} />
        {isOpen ? <AppWindow state={state} viewer={viewer} /> : null}
        {viewer.element}
      </div>
    </UiTextProvider>
  );
}
