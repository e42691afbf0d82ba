export { AvailabilityCache, ONLINE_WINDOW_MS } from './availability.js';
export { urlPatternProblem } from './rules.js';
export { CHANNEL_SETTING_WRITERS, ChannelSettingNotWritableError, channelSettingsPatch } from './channel-settings.js';
