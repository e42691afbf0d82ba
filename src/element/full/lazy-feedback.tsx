/**
 * The feedback panel arrives as its own chunk: most visitors never close a chat with a conversation to
 * rate, so its code loads on the first close. While it loads, the panel's frame and question hold the
 * window's layout, and the busy state tells assistive technology that more is coming.
 */
import { lazy, Suspense } from 'react';
import type { FeedbackPanelProps } from '../../ui/feedback/feedback-panel.js';
import { useUiText } from '../../ui/shared/ui-text-context.js';

const Panel = lazy(() => import('../../ui/feedback/feedback-panel.js').then((m) => ({ default: m.FeedbackPanel })));

function Loading(): React.JSX.Element {
  const { t } = useUiText();
  return (
    <div className="lc-feedback" part="feedback" aria-busy="true">
      <p className="lc-feedback-question">{t('widget.feedback.question')}</p>
    </div>
  );
}

/** {@link FeedbackPanel} loaded on first use. */
export function LazyFeedbackPanel(props: FeedbackPanelProps): React.JSX.Element {
  return (
    <Suspense fallback={<Loading />}>
      <Panel {...props} />
    </Suspense>
  );
}
