import type { LivechatChannelOptions } from '../../../src/protocol/livechat.js';

/** What `/im_livechat/init` answers for a channel whose widget options were never changed. */
export const DEFAULT_CHANNEL_OPTIONS = {
  button_text: false,
  default_message: false,
  input_placeholder: false,
  button_background_color: false,
  button_text_color: false,
  header_background_color: false,
  title_color: false,
  // Visitor uploads are on by default (issue 15): pictures, PDF and plain text up to 10 MB.
  visitor_upload: { max_bytes: 10 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'] },
} satisfies LivechatChannelOptions;
