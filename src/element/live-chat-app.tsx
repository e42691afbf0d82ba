/** Props r2wc hands to the React tree; attribute names are the kebab-case forms. */
export interface LiveChatAppProps {
  channelId?: string;
  serverUrl?: string;
  buttonText?: string;
  container?: ShadowRoot;
}

const DEFAULT_BUTTON_TEXT = 'Chat with one of our collaborators';

/** The React root of `<live-chat>`. */
export function LiveChatApp({ buttonText }: LiveChatAppProps): React.JSX.Element {
  return (
    <button type="button" part="button">
      {buttonText && buttonText.trim() !== '' ? buttonText : DEFAULT_BUTTON_TEXT}
    </button>
  );
}
