export { AvailabilityCache, ONLINE_WINDOW_MS, onlineOperators, pickOperator } from './availability.js';
export { atCapacity, operatorCapacity } from './capacity.js';
export { urlPatternProblem } from './rules.js';
export { CHANNEL_SETTING_WRITERS, ChannelSettingNotWritableError, channelSettingsPatch } from './channel-settings.js';
