import { keptDraftAtom, messageNoticeAtom, noticeAtom } from '../../state/atoms.js';
import type { LiveChatState } from '../../state/create-state.js';
import { ERROR_MESSAGE_KEYS } from '../../state/errors.js';
import { Notice } from '../../ui/shared/notice.js';
import { useUiText } from '../../ui/shared/ui-text-context.js';
import type { UiText } from '../../ui/shared/ui-text.js';
import { useStateValue } from './use-state-value.js';

const KEPT_QUOTE_MAX = 80;

/** Enough of a kept text to recognise it. */
function quoted(text: string): string {
  return text.length > KEPT_QUOTE_MAX ? `${text.slice(0, KEPT_QUOTE_MAX)}…` : text;
}

/** The page-level notice: a sticky error of SPEC.md §8 first, else the in-page notice of a new message. */
export function AppNotice({ state }: { state: LiveChatState }): React.JSX.Element | null {
  const { t } = useUiText();
  const notice = useStateValue(state, noticeAtom);
  const messageNotice = useStateValue(state, messageNoticeAtom);
  const kept = useStateValue(state, keptDraftAtom);
  // An invalid attribute or a refused identity is reported as an event only; the visitor has nothing to do about it.
  const key = notice && notice.code in ERROR_MESSAGE_KEYS ? ERROR_MESSAGE_KEYS[notice.code as keyof typeof ERROR_MESSAGE_KEYS] : undefined;
  // A refused post's text is not lost: the notice says where it went.
  const detail = notice?.code === 'session_expired' && kept ? t('errors.sessionExpiredKept', { text: quoted(kept) }) : undefined;
  if (key) return <Notice message={t(key as Parameters<UiText['t']>[0])} detail={detail} onDismiss={() => state.dismissNotice()} />;
  if (messageNotice) return <Notice kind="info" message={messageNotice.title} detail={messageNotice.body} onDismiss={() => state.dismissMessageNotice()} />;
  return null;
}
