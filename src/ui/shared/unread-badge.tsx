import { useUiText } from './ui-text-context.js';

/** Props of {@link UnreadBadge}. */
export interface UnreadBadgeProps {
  count: number;
}

/** The unread counter; renders nothing at 0. Named "N unread messages" for assistive tech. */
export function UnreadBadge({ count }: UnreadBadgeProps): React.JSX.Element | null {
  const { t } = useUiText();
  if (!Number.isFinite(count) || count <= 0) return null;
  const label = t('widget.window.unread', { count });
  return (
    <span className="lc-unread" role="img" aria-label={label} title={label}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
