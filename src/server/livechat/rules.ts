import type { LivechatRule } from '../../protocol/livechat.js';
import type { ChannelRow } from '../store/schema.js';

/**
 * The channel's rule as `/im_livechat/init` answers it (PROTOCOL.md §3.2, §11.3): it applies when it has
 * no URL pattern or when the pattern is found in the page address (the Referer); otherwise `{}`.
 */
export function matchRule(channel: ChannelRow, pageUrl: string | undefined): LivechatRule | Record<string, never> {
  const pattern = channel.rule_url_pattern;
  if (pattern) {
    let re: RegExp;
    try {
      re = new RegExp(pattern);
    } catch {
      return {};
    }
    if (!re.test(pageUrl ?? '')) return {};
  }
  return { action: channel.rule_action, auto_popup_timer: channel.auto_popup_timer, regex_url: pattern ?? false };
}
