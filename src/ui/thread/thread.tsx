import { lazy, memo, Suspense, useMemo, useRef } from 'react';
import { LIMITS } from '../../protocol/livechat.js';
import { dateLocaleFor, dateTimeLabel } from '../../platform/time/index.js';
import { DEFAULT_AVATAR_URL } from '../shared/default-avatar.js';
import { useFollowBottom } from '../shared/follow-bottom.js';
import { FixedNowContext, useMinuteNow } from '../shared/minute-clock.js';
import { safeUrl } from '../shared/safe-url.js';
import { useUiText } from '../shared/ui-text-context.js';
import { AttachmentList } from './attachment-list.js';
import { MessageBody } from './message-body.js';
import type { ThreadAttachment, ThreadMessage } from './thread-message.js';
/** Props of {@link Thread}. */
export interface ThreadProps {
  /** Oldest first, already de-duplicated by id. */
  messages: readonly ThreadMessage[];
  /**
   * The clock of relative timestamps and day labels, refreshed by the caller; without it the thread
   * follows the shared minute clock (SPEC.md §9: every 60 s), re-rendering only timestamps and day labels.
   */
  now?: Date;
  /** Name shown for messages without an author; default: the "Visitor" text. */
  defaultUsername?: string;
  /** "Loading conversation..." instead of an empty log. */
  loading?: boolean;
  /** Retry button of an own failed message. */
  onRetry(id: ThreadMessage['id']): void;
  /**
   * Whether the log is scrolled to its bottom (5 px tolerance, SPEC.md §9), reported on every change; the
   * caller resets the unread counter on `true`.
   */
  onAtBottomChange?(atBottom: boolean): void;
  /**
   * Opens the attachment viewer at `attachment`, stepping through `viewable`: the attachments of the same
   * message that the viewer can show, in order. Without it, attachments are plain links.
   */
  onOpenAttachment?(attachment: ThreadAttachment, viewable: readonly ThreadAttachment[], message: ThreadMessage): void;
}

// A local calendar day as one number: comparing days for 1,000 messages on every append must stay cheap
// (date-fns' isSameDay builds two new dates per call).
function dayKey(date: Date): number {
  return date.getFullYear() * 10_000 + date.getMonth() * 100 + date.getDate();
}

/** SPEC.md §9: same-author comments within 60 s are squashed (one avatar and name for the run). */
export function isSquashed(previous: ThreadMessage | undefined, message: ThreadMessage): boolean {
  if (!previous || previous.kind !== 'comment' || message.kind !== 'comment') return false;
  if ((previous.author?.id ?? null) !== (message.author?.id ?? null)) return false;
  if (dayKey(previous.date) !== dayKey(message.date)) return false;
  const gap = message.date.getTime() - previous.date.getTime();
  return gap >= 0 && gap < LIMITS.squashWithinMs;
}

/** What a row does with its message; one stable object for the whole thread, so rows can skip renders. */
interface RowActions {
  retry(id: ThreadMessage['id']): void;
  open(attachment: ThreadAttachment, viewable: readonly ThreadAttachment[], message: ThreadMessage): void;
}

/**
 * Where a message sits in the thread: first of its day (a separator goes above it), squashed, and the
 * visitor's last delivered message when an operator has read it ("Seen" goes under it).
 */
interface RowPlace {
  dayStart: boolean;
  squashed: boolean;
  seen: boolean;
}

function places(messages: readonly ThreadMessage[]): RowPlace[] {
  let previousDay: number | undefined;
  let lastOwn = -1;
  // The visitor's last message that reached the server: one still sending or failed cannot have been read.
  messages.forEach((m, i) => m.own && m.kind === 'comment' && !m.delivery && (lastOwn = i));
  return messages.map((message, index) => {
    const day = dayKey(message.date);
    const place = { dayStart: day !== previousDay, squashed: isSquashed(messages[index - 1], message), seen: index === lastOwn && message.seen === true };
    previousDay = day;
    return place;
  });
}

/** The message thread: a `log` live region with day separators, avatars, names and relative times. */
export function Thread({ messages, now, defaultUsername, loading, onRetry, onAtBottomChange, onOpenAttachment }: ThreadProps): React.JSX.Element {
  const { t } = useUiText();
  const { logRef, onScroll } = useFollowBottom(messages, onAtBottomChange);
  const visitor = defaultUsername && defaultUsername.trim() !== '' ? defaultUsername : t('widget.defaultUsername');

  // The callbacks change identity on every render of the caller; rows reach them through a ref so that
  // appending one message re-renders one row, not a thousand.
  const latest = useRef({ onRetry, onOpenAttachment });
  latest.current = { onRetry, onOpenAttachment };
  const actions = useMemo<RowActions>(
    () => ({
      retry: (id) => latest.current.onRetry(id),
      open: (attachment, viewable, message) => latest.current.onOpenAttachment?.(attachment, viewable, message),
    }),
    [],
  );
  const canOpen = onOpenAttachment !== undefined;
  const rowPlaces = useMemo(() => places(messages), [messages]);

  return (
    <FixedNowContext.Provider value={now}>
      <div ref={logRef} className="lc-thread" role="log" aria-label={t('widget.thread.label')} aria-busy={loading ? true : undefined} tabIndex={0} onScroll={onScroll}>
        <div className="lc-thread-content">
          {loading && messages.length === 0 ? (
            <p className="lc-loading">{t('widget.thread.loading')}</p>
          ) : (
            messages.map((message, index) => {
              const place = rowPlaces[index]!;
              return (
                <MessageRow
                  key={message.id}
                  message={message}
                  dayStart={place.dayStart}
                  squashed={place.squashed}
                  seen={place.seen}
                  visitor={visitor}
                  canOpen={canOpen}
                  actions={actions}
                />
              );
            })
          )}
        </div>
      </div>
    </FixedNowContext.Provider>
  );
}

interface MessageRowProps extends RowPlace {
  message: ThreadMessage;
  /** Name of messages without an author. */
  visitor: string;
  /** Whether attachments open the viewer (else they are plain links). */
  canOpen: boolean;
  actions: RowActions;
}

function sameAttachment(a: ThreadAttachment, b: ThreadAttachment): boolean {
  return a === b || (a.id === b.id && a.name === b.name && a.mimetype === b.mimetype && a.url === b.url && a.size === b.size && a.type === b.type);
}

/**
 * Whether two messages show the same: callers map wire messages to new objects on every change of the
 * list, so identity alone would re-render every row.
 */
function sameMessage(a: ThreadMessage, b: ThreadMessage): boolean {
  if (a === b) return true;
  if (a.id !== b.id || a.body !== b.body || a.date.getTime() !== b.date.getTime() || a.kind !== b.kind || a.own !== b.own || a.delivery !== b.delivery) {
    return false;
  }
  if (a.upload?.progress !== b.upload?.progress || a.upload?.refusal !== b.upload?.refusal) return false;
  if (a.author !== b.author && (!a.author || !b.author || a.author.id !== b.author.id || a.author.name !== b.author.name || a.author.avatarUrl !== b.author.avatarUrl)) {
    return false;
  }
  return a.attachments === b.attachments || (a.attachments.length === b.attachments.length && a.attachments.every((x, i) => sameAttachment(x, b.attachments[i]!)));
}

const MessageRow = memo(function MessageRow({ message, dayStart, squashed, seen, visitor, canOpen, actions }: MessageRowProps): React.JSX.Element {
  const { lang, t } = useUiText();
  const separator = dayStart ? <DaySeparator date={message.date} /> : null;
  if (message.kind === 'notification') {
    return (
      <>
        {separator}
        <div className="lc-notification">
          <MessageBody html={message.body} />
        </div>
      </>
    );
  }
  const name = message.author?.name || visitor;
  const avatar = (message.author && safeUrl(message.author.avatarUrl)) || DEFAULT_AVATAR_URL;
  return (
    <>
      {separator}
      <div className="lc-message" data-own={message.own ? '' : undefined} data-squashed={squashed ? '' : undefined}>
        {squashed ? <span className="lc-avatar-space" /> : <img className="lc-avatar" src={avatar} alt="" width={32} height={32} />}
        <div className="lc-message-main">
          {squashed ? null : (
            <div className="lc-message-meta">
              <span className="lc-author" dir="auto">
                {name}
              </span>
              <time className="lc-time" dateTime={message.date.toISOString()} title={dateTimeLabel(message.date, dateLocaleFor(lang))}>
                <RelativeTime date={message.date} />
              </time>
            </div>
          )}
          <MessageBody html={message.body} />
          <AttachmentList attachments={message.attachments} onOpen={canOpen ? (a, viewable) => actions.open(a, viewable, message) : undefined} />
          {message.own && message.delivery ? <Delivery message={message} onRetry={() => actions.retry(message.id)} /> : null}
          {seen ? <div className="lc-delivery">{t('widget.message.seen')}</div> : null}
        </div>
      </div>
    </>
  );
},
(a, b) =>
  a.dayStart === b.dayStart && a.squashed === b.squashed && a.seen === b.seen && a.visitor === b.visitor && a.canOpen === b.canOpen && a.actions === b.actions && sameMessage(a.message, b.message));

/** The relative time of a message: the only part of a row that the clock re-renders. */
function RelativeTime({ date }: { date: Date }): string {
  const { formatRelative } = useUiText();
  return formatRelative(date, useMinuteNow());
}

/** "Today", "Yesterday" or the long date above the first message of a day; follows the clock like times. */
function DaySeparator({ date }: { date: Date }): React.JSX.Element {
  const { dayLabel } = useUiText();
  const label = dayLabel(date, useMinuteNow());
  return (
    <div className="lc-day" role="separator" aria-label={label}>
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

const UploadStatus = lazy(() => import('./upload-status.js').then((m) => ({ default: m.UploadStatus })));

/** Sending, failed with Retry, or a file being sent or refused for good (its own chunk). */
function Delivery({ message, onRetry }: { message: ThreadMessage; onRetry(): void }): React.JSX.Element {
  const { t } = useUiText();
  const { delivery: state, upload } = message;
  const plain = (
    <div className="lc-delivery" data-state={state}>
      {t(state === 'sending' ? 'widget.message.sending' : 'widget.message.sent')}
    </div>
  );
  if (upload && (state === 'sending' || upload.refusal)) {
    return (
      <Suspense fallback={state === 'sending' ? plain : null}>
        <UploadStatus upload={upload} />
      </Suspense>
    );
  }
  if (state === 'failed') {
    return (
      <div className="lc-delivery" data-state="failed">
        <span>{t('widget.message.failed')}</span>{' '}
        <button type="button" className="lc-link-button" onClick={() => onRetry()}>
          {t('widget.message.retry')}
        </button>
      </div>
    );
  }
  return plain;
}
