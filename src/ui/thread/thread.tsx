import { useCallback, useLayoutEffect, useRef, type UIEvent } from 'react';
import { isSameDay } from 'date-fns';
import { LIMITS } from '../../protocol/livechat.js';
import { DEFAULT_AVATAR_URL } from '../shared/default-avatar.js';
import { safeUrl } from '../shared/safe-url.js';
import { useUiText } from '../shared/ui-text-context.js';
import { AttachmentList } from './attachment-list.js';
import { MessageBody } from './message-body.js';
import type { ThreadAttachment, ThreadMessage } from './thread-message.js';

/** Props of {@link Thread}. */
export interface ThreadProps {
  /** Oldest first, already de-duplicated by id. */
  messages: readonly ThreadMessage[];
  /** The clock of relative timestamps and day labels; the caller refreshes it every 60 s. */
  now: Date;
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

/** SPEC.md §9: same-author comments within 60 s are squashed (one avatar and name for the run). */
export function isSquashed(previous: ThreadMessage | undefined, message: ThreadMessage): boolean {
  if (!previous || previous.kind !== 'comment' || message.kind !== 'comment') return false;
  if ((previous.author?.id ?? null) !== (message.author?.id ?? null)) return false;
  if (!isSameDay(previous.date, message.date)) return false;
  const gap = message.date.getTime() - previous.date.getTime();
  return gap >= 0 && gap < LIMITS.squashWithinMs;
}

function dateTimeFormat(lang: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    // An untrusted `lang` attribute that is no language tag: English rather than an exception.
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  }
}

function atBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= LIMITS.scrollTolerancePx;
}

/** The message thread: a `log` live region with day separators, avatars, names and relative times. */
export function Thread({ messages, now, defaultUsername, loading, onRetry, onAtBottomChange, onOpenAttachment }: ThreadProps): React.JSX.Element {
  const { t, formatRelative, dayLabel, lang } = useUiText();
  const logRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const reported = useRef<boolean | undefined>(undefined);
  const visitor = defaultUsername && defaultUsername.trim() !== '' ? defaultUsername : t('widget.defaultUsername');

  const report = useCallback(
    (value: boolean) => {
      stuck.current = value;
      if (reported.current === value) return;
      reported.current = value;
      onAtBottomChange?.(value);
    },
    [onAtBottomChange],
  );

  // Follow the conversation while the visitor is at the bottom; leave them alone when they scrolled up.
  useLayoutEffect(() => {
    const el = logRef.current;
    if (!el) return;
    if (stuck.current) el.scrollTop = el.scrollHeight;
    report(atBottom(el));
  }, [messages, report]);

  const onScroll = (event: UIEvent<HTMLDivElement>): void => report(atBottom(event.currentTarget));
  const longTime = dateTimeFormat(lang);

  const rows: React.JSX.Element[] = [];
  messages.forEach((message, index) => {
    const previous = messages[index - 1];
    if (!previous || !isSameDay(previous.date, message.date)) {
      const label = dayLabel(message.date, now);
      rows.push(
        <div key={`day-${message.date.toDateString()}-${index}`} className="lc-day" role="separator" aria-label={label}>
          <span aria-hidden="true">{label}</span>
        </div>,
      );
    }
    if (message.kind === 'notification') {
      rows.push(
        <div key={`m-${message.id}`} className="lc-notification">
          <MessageBody html={message.body} />
        </div>,
      );
      return;
    }
    const squashed = isSquashed(previous, message);
    const name = message.author?.name || visitor;
    const avatar = (message.author && safeUrl(message.author.avatarUrl)) || DEFAULT_AVATAR_URL;
    rows.push(
      <div key={`m-${message.id}`} className="lc-message" data-own={message.own ? '' : undefined} data-squashed={squashed ? '' : undefined}>
        {squashed ? <span className="lc-avatar-space" /> : <img className="lc-avatar" src={avatar} alt="" width={32} height={32} />}
        <div className="lc-message-main">
          {squashed ? null : (
            <div className="lc-message-meta">
              <span className="lc-author">{name}</span>
              <time className="lc-time" dateTime={message.date.toISOString()} title={longTime.format(message.date)}>
                {formatRelative(message.date, now)}
              </time>
            </div>
          )}
          <MessageBody html={message.body} />
          <AttachmentList attachments={message.attachments} onOpen={onOpenAttachment ? (a, viewable) => onOpenAttachment(a, viewable, message) : undefined} />
          {message.own && message.delivery ? <Delivery state={message.delivery} onRetry={() => onRetry(message.id)} /> : null}
        </div>
      </div>,
    );
  });

  return (
    <div ref={logRef} className="lc-thread" role="log" aria-label={t('widget.thread.label')} aria-busy={loading ? true : undefined} tabIndex={0} onScroll={onScroll}>
      {loading && messages.length === 0 ? <p className="lc-loading">{t('widget.thread.loading')}</p> : rows}
    </div>
  );
}

function Delivery({ state, onRetry }: { state: NonNullable<ThreadMessage['delivery']>; onRetry(): void }): React.JSX.Element {
  const { t } = useUiText();
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
  return (
    <div className="lc-delivery" data-state={state}>
      {t(state === 'sending' ? 'widget.message.sending' : 'widget.message.sent')}
    </div>
  );
}
