/** One typing model for the widget and the console: one's own announcements and others' markers. */
export { pageClock, type Clock } from '../time/clock.js';
export * from './others-typing.js';
export * from './own-typing.js';
