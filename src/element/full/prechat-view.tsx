/**
 * The pre-chat form arrives as its own chunk: only channels that turn it on, and only visitors the host
 * page did not identify, ever see it. While it loads, the window's body says it is busy.
 */
import { lazy, Suspense } from 'react';
import { prechatFormAtom, prechatStepAtom } from '../../state/atoms.js';
import type { LiveChatState } from '../../state/create-state.js';
import { declaredUserAtom } from '../../state/visitor.js';
import { useStateValue } from './use-state-value.js';

const Form = lazy(() => import('../../ui/prechat/prechat-form.js').then((m) => ({ default: m.PrechatForm })));

/** The window's body before the first message, when the channel asks who the visitor is. */
export function PrechatView({ state }: { state: LiveChatState }): React.JSX.Element {
  const form = useStateValue(state, prechatFormAtom);
  const step = useStateValue(state, prechatStepAtom);
  const user = useStateValue(state, declaredUserAtom);
  return (
    <Suspense fallback={<div className="lc-prechat" aria-busy="true" />}>
      <Form
        askEmail={form === 'name_email'}
        initial={{ ...(user.name ? { name: user.name } : {}), ...(user.email ? { email: user.email } : {}) }}
        sending={step === 'sending'}
        onSubmit={(answers) => state.submitPrechat(answers)}
      />
    </Suspense>
  );
}
