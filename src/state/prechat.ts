/**
 * The channel's pre-chat form (issue 14): before the first message, a visitor the host page did not
 * identify gives a name, and an e-mail address when the channel asks for one.
 */
import { atom } from 'jotai/vanilla';
import { isEmail } from '../protocol/email-address.js';
import { textProblem } from '../protocol/text-checks.js';
import { PRECHAT_FORMS, VISITOR_LIMITS, type PrechatForm } from '../protocol/visitor.js';
import { phaseAtom } from './session.js';
import { requestSessionAtom } from './session-request.js';
import { claimedIdAtom, declaredUserAtom, prechatAnswersAtom } from './visitor.js';

/** Where the form stands: being filled in, or its conversation being asked for. */
export type PrechatStep = 'editing' | 'sending';

/** A field the visitor must correct. */
export type PrechatProblem = 'name' | 'email';

/** What the visitor typed. */
export interface PrechatAnswers {
  name: string;
  email: string;
}

// Base atoms.

/** The channel's setting, from `/im_livechat/init`. */
export const prechatFormAtom = atom<PrechatForm>('off');
export const prechatStepAtom = atom<PrechatStep>('editing');

// Derived atoms.

/** The form shows before the first message unless the host page identified the visitor well enough. */
export const prechatNeededAtom = atom((get) => {
  const form = get(prechatFormAtom);
  if (form === 'off' || get(claimedIdAtom)) return false;
  const user = get(declaredUserAtom);
  return !user.name || (form === 'name_email' && !user.email);
});

/** The channel's pre-chat setting in an init answer's options; anything unknown is off. */
export function prechatFormOf(options: unknown): PrechatForm {
  const value = options && typeof options === 'object' ? (options as Record<string, unknown>).prechat_form : undefined;
  return PRECHAT_FORMS.find((f) => f === value) ?? 'off';
}

/** Which answers must be corrected: a name is always asked, an address only when the channel wants one. */
export function prechatProblems(form: PrechatForm, answers: PrechatAnswers): PrechatProblem[] {
  const problems: PrechatProblem[] = [];
  const name = answers.name.trim();
  if (name === '' || name.length > VISITOR_LIMITS.name || textProblem(name)) problems.push('name');
  const email = answers.email.trim();
  if (form === 'name_email' && (!isEmail(email) || email.length > VISITOR_LIMITS.email)) problems.push('email');
  return problems;
}

// Actions.

/** Opens the window on the form. */
export const showPrechatAtom = atom(null, (_get, set) => {
  set(prechatStepAtom, 'editing');
  set(phaseAtom, 'prechat');
});

/** "Start the chat": checks the answers, then asks for the conversation with them. */
export const submitPrechatAtom = atom(null, async (get, set, answers: PrechatAnswers): Promise<PrechatProblem[]> => {
  const form = get(prechatFormAtom);
  if (get(phaseAtom) !== 'prechat' || get(prechatStepAtom) === 'sending') return [];
  const problems = prechatProblems(form, answers);
  if (problems.length > 0) return problems;
  // Kept after a failure: the next opening skips the form, nothing typed is lost.
  set(prechatAnswersAtom, { name: answers.name.trim(), ...(form === 'name_email' ? { email: answers.email.trim() } : {}) });
  set(prechatStepAtom, 'sending');
  await set(requestSessionAtom);
  set(prechatStepAtom, 'editing');
  return [];
});
