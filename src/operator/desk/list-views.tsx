import type { ListView, ViewCounts } from '../../protocol/conversation-status.js';
import { LIST_VIEWS } from '../../protocol/conversation-status.js';
import { useT } from '../core/texts.js';
import type { MessageKey } from '../../platform/i18n/index.js';

const LABELS: Record<ListView, MessageKey> = {
  mine: 'operator.list.view.mine',
  unassigned: 'operator.list.view.unassigned',
  all: 'operator.list.view.all',
};

/** Props of {@link ListViews}. */
export interface ListViewsProps {
  view: ListView;
  /** Null until the server has said. */
  counts: ViewCounts | null;
  /** "All" is offered to administrators only (the server checks again). */
  isAdmin: boolean;
  onView(view: ListView): void;
}

/** The list's views as toggle buttons, each with how many open conversations it holds. */
export function ListViews({ view, counts, isAdmin, onView }: ListViewsProps): React.JSX.Element {
  const t = useT();
  const views = LIST_VIEWS.filter((v) => isAdmin || v !== 'all');
  return (
    <div className="op-list-views" role="group" aria-label={t('operator.list.views')}>
      {views.map((v) => {
        const count = counts?.[v];
        return (
          <button key={v} type="button" className="op-list-view" aria-pressed={v === view} onClick={() => onView(v)}>
            {t(LABELS[v])}
            {typeof count === 'number' ? (
              <>
                {' '}
                <span className="op-list-view-count" aria-hidden="true">
                  {count}
                </span>
                <span className="op-sr-only">{t('operator.list.openCount', { count })}</span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
