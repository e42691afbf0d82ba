import type { ConversationDetail } from '../../protocol/operator-console.js';
import { useT } from '../core/texts.js';

/** The pages the visitor saw, as far as known. */
function PageHistory({ pages }: { pages: ConversationDetail['page_history'] }): React.JSX.Element {
  const t = useT();
  if (pages === null) return <p>{t('operator.conversation.historyUnknown')}</p>;
  if (pages.length === 0) return <p>{t('operator.conversation.historyEmpty')}</p>;
  return (
    <ol className="op-pages">
      {pages.map((page, i) => (
        <li key={`${i}:${page}`}>{page}</li>
      ))}
    </ol>
  );
}

/** What the desk knows about a conversation besides its messages: the visitor's card, page history and rating. */
export function ConversationDetails({ conversation: c, card }: { conversation: ConversationDetail; card?: React.ReactNode }): React.JSX.Element {
  const t = useT();
  return (
    <div className="op-details">
      {card}
      <h3>{t('operator.conversation.history')}</h3>
      <PageHistory pages={c.page_history} />
      <p className="op-rating">
        {c.rating ? t('operator.conversation.rating', { rate: String(c.rating.rate) }) : t('operator.conversation.noRating')}
      </p>
      {c.rating && c.rating.reason ? <p className="op-rating-reason">{t('operator.conversation.reason', { reason: c.rating.reason })}</p> : null}
    </div>
  );
}
