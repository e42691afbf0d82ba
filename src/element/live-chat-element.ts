import r2wc from '@r2wc/react-to-web-component';
import { LiveChatApp } from './live-chat-app.js';

/**
 * An embeddable live chat with the site's operators.
 *
 * @tag live-chat
 * @attr {string} channel-id - The livechat channel to talk to (required).
 * @attr {string} server-url - Origin of the live-chat server; defaults to the origin the script came from.
 * @attr {string} button-text - Text of the floating button. Default "Chat with one of our collaborators".
 * @csspart button - The floating chat button.
 */
export class LiveChatElement extends r2wc(LiveChatApp, {
  shadow: 'open',
  props: {
    channelId: 'string',
    serverUrl: 'string',
    buttonText: 'string',
  },
}) {}
