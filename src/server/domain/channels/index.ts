export { AvailabilityCache, ONLINE_WINDOW_MS, hasFreeCapacity, onlineOperators, pickOperator, type RoutingPreferences } from './availability.js';
export { atCapacity, operatorCapacity } from './capacity.js';
export { ChannelGates, type ChannelOpenGate, type GateAnswer } from './open-gates.js';
export { urlPatternProblem } from './rules.js';
export { CHANNEL_SETTING_WRITERS, ChannelSettingNotWritableError, channelSettingsPatch } from './channel-settings.js';
