export { AvailabilityCache, ONLINE_WINDOW_MS, onlineOperators } from './availability.js';
export { freeCapacities, hasFreeCapacity, pickOperator, type RoutingPreferences } from './routing-rule.js';
export { ACTIVE_WINDOW_MS, atCapacity, countedLoad, operatorCapacity, operatorLoads, type LoadSubject } from './capacity.js';
export { LoadQueries, type ConversationCounts, type LoadStore } from './load-store.js';
export { ChannelGates, type ChannelOpenGate, type GateAnswer } from './open-gates.js';
export { urlPatternProblem } from './rules.js';
export { CHANNEL_SETTING_WRITERS, ChannelSettingNotWritableError, channelSettingsPatch } from './channel-settings.js';
export { ChannelRoleQueries, type ChannelRoleStore } from './channel-role-store.js';
export { gateOf, instantsOf, isOpenAt, nextOpening, openMillisBetween, wallTime } from './opening-hours.js';
