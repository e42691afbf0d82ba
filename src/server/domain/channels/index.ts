export { AvailabilityCache, ONLINE_WINDOW_MS } from './availability.js';
export { urlPatternProblem } from './rules.js';
