import { renderCannedText, type CannedReply, type CannedReplyValues } from '../../../protocol/canned-replies.js';
import { useT } from '../../core/texts.js';

/** Props of {@link CannedPicker}. */
export interface CannedPickerProps {
  /** The id of the listbox (the composer's text field names it). */
  listId: string;
  /** The replies offered, in order; null while they load. */
  replies: readonly CannedReply[] | null;
  /** The option the keys have reached. */
  active: number;
  /** What the variables hold in the open conversation (null while it loads). */
  values: CannedReplyValues | null;
  onPick(reply: CannedReply): void;
}

/** The id of a reply's option in the list `listId`. */
export const optionId = (listId: string, reply: CannedReply): string => `${listId}-${reply.id}`;

/**
 * The list of canned replies over the composer: each option shows its shortcut and text, and the
 * preview under it what the active one will send, variables filled. The keys stay in the composer's text
 * field, which points at the active option; a click picks too.
 */
export function CannedPicker({ listId, replies, active, values, onPick }: CannedPickerProps): React.JSX.Element {
  const t = useT();
  const current = replies?.[active];
  return (
    <div className="op-canned-popup">
      {replies === null ? (
        <p role="status">{t('operator.common.loading')}</p>
      ) : replies.length === 0 ? (
        <p role="status">{t('operator.canned-replies.noMatch')}</p>
      ) : null}
      <ul role="listbox" id={listId} aria-label={t('operator.canned-replies.list')} hidden={!replies || replies.length === 0}>
        {replies?.map((r, i) => (
          <li
            key={r.id}
            id={optionId(listId, r)}
            role="option"
            aria-selected={i === active}
            // The focus stays in the text field: the keys keep working after a click.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(r)}
          >
            <span className="op-canned-shortcut" dir="auto">
              /{r.shortcut}
            </span>{' '}
            <span className="op-canned-text" dir="auto">
              {r.text}
            </span>
          </li>
        ))}
      </ul>
      {current ? (
        <section className="op-canned-preview" aria-label={t('operator.canned-replies.preview')}>
          <p className="op-canned-preview-label" aria-hidden="true">
            {t('operator.canned-replies.preview')}
          </p>
          <p dir="auto" data-testid="canned-preview">
            {values ? renderCannedText(current.text, values) : t('operator.common.loading')}
          </p>
        </section>
      ) : null}
    </div>
  );
}
