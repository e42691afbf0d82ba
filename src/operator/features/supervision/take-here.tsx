import { useMemo, useState } from 'react';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { useT } from '../../core/texts.js';
import { ErrorLine } from '../../core/outcome-lines.js';
import type { PaneSectionProps } from '../../desk/pane-slots.js';
import { supervisionApi } from './supervision-api.js';

/** Takes the open conversation for oneself, beside the composer of a supervisor who may not answer it yet. */
export function TakeHere({ api, conversation, reloadOpen }: PaneSectionProps): React.JSX.Element {
  const t = useT();
  const calls = useMemo(() => supervisionApi(api), [api]);
  const [taking, setTaking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const take = () => {
    setTaking(true);
    setError(null);
    calls.take(conversation.id).then(
      () => {
        setTaking(false);
        reloadOpen(conversation.id);
      },
      (err: unknown) => {
        markHandled(err);
        setTaking(false);
        setError(t('operator.common.error', { reason: reasonText(err) }));
      },
    );
  };
  return (
    <>
      <button type="button" disabled={taking} onClick={take} aria-label={t('operator.supervision.takeConversation', { name: conversation.visitor_name })}>
        {t('operator.supervision.take')}
      </button>
      <ErrorLine text={error} />
    </>
  );
}
