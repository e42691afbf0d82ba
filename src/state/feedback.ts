/**
 * The feedback panel and the transcript form (SPEC.md §4 "Feedback", "Transcript") as jotai atoms. The
 * rating flow, which ends the conversation, is in closing.ts.
 */
import { atom } from 'jotai/vanilla';
import type { Rate } from '../protocol/livechat.js';
import { depsOf } from './context.js';
import { sessionAtom } from './session.js';
import { parseEmailAddress } from '../protocol/email-address.js';
import { EMAIL_TRANSCRIPT_ROUTE } from '../protocol/routes.js';

/** Steps of the feedback panel (SPEC.md §4 "Feedback"). */
export type FeedbackStep = 'choose' | 'reason' | 'sending' | 'thanks';

/** The feedback panel's state. */
export interface FeedbackState {
  step: FeedbackStep;
  rate: Rate | undefined;
}

/** Steps of the transcript form (SPEC.md §4 "Transcript"). */
export type TranscriptStep = 'idle' | 'invalid' | 'sending' | 'sent' | 'failed';

// Base atoms.

/** Feedback panel. */
export const feedbackAtom = atom<FeedbackState>({ step: 'choose', rate: undefined });
/** Transcript form. */
export const transcriptAtom = atom<TranscriptStep>('idle');

// Actions.

/** Asks for the transcript by e-mail. */
export const sendTranscriptAtom = atom(null, async (get, set, input: string) => {
  const session = get(sessionAtom);
  if (!session || get(transcriptAtom) === 'sending') return;
  const email = parseEmailAddress(input);
  if (!email) {
    set(transcriptAtom, 'invalid');
    return;
  }
  set(transcriptAtom, 'sending');
  const { rpc, emit } = depsOf(get);
  try {
    await rpc(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email });
    set(transcriptAtom, 'sent');
    emit('livechat:transcript', { ok: true });
  } catch {
    set(transcriptAtom, 'failed');
    emit('livechat:transcript', { ok: false });
  }
});

/** "Try again" after a failed transcript: the form comes back. */
export const retryTranscriptAtom = atom(null, (get, set) => {
  if (get(transcriptAtom) === 'failed') set(transcriptAtom, 'idle');
});
