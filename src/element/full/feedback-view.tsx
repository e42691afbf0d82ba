import { feedbackAtom, transcriptAtom, type FeedbackStep, type TranscriptStep } from '../../state/atoms.js';
import type { LiveChatState } from '../../state/create-state.js';
import type { FeedbackStage, TranscriptState } from '../../ui/feedback/feedback-panel.js';
import { LazyFeedbackPanel } from './lazy-feedback.js';
import { useStateValue } from './use-state-value.js';

const STAGES: Record<FeedbackStep, FeedbackStage> = { choose: 'choosing', reason: 'explaining', sending: 'sending', thanks: 'thanked' };
// The panel flags an invalid address itself; the state's own check only guards the call.
const TRANSCRIPT: Record<TranscriptStep, TranscriptState> = { idle: 'idle', invalid: 'idle', sending: 'sending', sent: 'sent', failed: 'failed' };

/** The window's body once the visitor closes a conversation: rating and transcript. */
export function FeedbackView({ state }: { state: LiveChatState }): React.JSX.Element {
  const feedback = useStateValue(state, feedbackAtom);
  const transcript = useStateValue(state, transcriptAtom);
  return (
    <LazyFeedbackPanel
      stage={STAGES[feedback.step]}
      rate={feedback.rate}
      transcript={TRANSCRIPT[transcript]}
      onRate={(rate) => void state.rate(rate)}
      onSendReason={(reason) => void state.submitReason(reason)}
      onNoFeedback={() => state.skipFeedback()}
      onSendTranscript={(email) => void state.sendTranscript(email)}
      onTranscriptRetry={() => state.retryTranscript()}
    />
  );
}
