import { chatButtonCss } from './button/chat-button.css.js';
import { composerCss } from './composer/composer.css.js';
import { feedbackPanelCss } from './feedback/feedback-panel.css.js';
import { hostCss } from './shared/host.css.js';
import { sharedCss } from './shared/shared.css.js';
import { themeCss } from './shared/theme.css.js';
import { threadCss } from './thread/thread.css.js';
import { chatWindowCss } from './window/chat-window.css.js';

/**
 * Every stylesheet of the widget's components, in cascade order. The element adopts each into its shadow
 * root as a constructable stylesheet: strict host CSPs block `<style>` elements (issue 5).
 */
export const uiStyles: readonly string[] = [hostCss, themeCss, sharedCss, chatButtonCss, chatWindowCss, threadCss, composerCss, feedbackPanelCss];
