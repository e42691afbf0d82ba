export { AvailabilityCache, ONLINE_WINDOW_MS } from './availability.js';
export { urlPatternProblem } from './rules.js';
export { CHANNEL_SETTING_WRITERS, ChannelSettingNotWritableError, channelSettingsPatch } from './channel-settings.js';
export { operatorCapacity } from './capacity.js';
export { ChannelRoleQueries, type ChannelRoleStore } from './channel-role-store.js';
