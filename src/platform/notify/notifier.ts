/** A notification for the user: a new message while the chat is not in view. */
export interface UserNotice {
  title: string;
  body: string;
  /** Notices with one tag are one piece of news: a later one takes the earlier one's place. */
  tag?: string;
  /** Completes a notice already given under the same tag, so it makes no second sound. */
  followUp?: boolean;
}

/** How a notice was delivered by this tab. */
export type NoticeOutcome = 'desktop' | 'in-page' | 'in-page-with-beep' | 'none';

/** The part of the browser's Notification API the notifier uses. */
export interface DesktopNotifications {
  readonly permission: NotificationPermission;
  show(notice: UserNotice): void;
}

/** Settings of {@link createNotifier}. */
export interface NotifierOptions {
  /** Whether this tab is the bus master right now. */
  isMaster: () => boolean;
  /** Shows the notice inside the page (the widget's own notification area). */
  showInPage: (notice: UserNotice) => void;
  /** Plays the beep. */
  beep: () => void;
  /** The desktop notification API; absent when the browser has none. */
  desktop?: DesktopNotifications;
}

/** The browser's Notification API (undefined where the browser has none, such as in-app browsers). */
export function browserDesktopNotifications(host: typeof globalThis = globalThis): DesktopNotifications | undefined {
  const Api = (host as { Notification?: typeof Notification }).Notification;
  if (typeof Api !== 'function') return undefined;
  return {
    get permission() {
      return Api.permission;
    },
    show(notice) {
      try {
        new Api(notice.title, notice.tag ? { body: notice.body, tag: notice.tag } : { body: notice.body });
      } catch (err) {
        // Android Chrome allows notifications from service workers only and throws here.
        console.warn('live-chat: could not show a desktop notification', err);
      }
    },
  };
}

/**
 * Delivers notices as SPEC.md §6 says: with permission granted, a desktop notification from the master
 * tab only (one per profile, not one per tab); otherwise an in-page notice in every tab and the beep
 * from the master tab only (so several open tabs do not beep together).
 */
export function createNotifier(opts: NotifierOptions): (notice: UserNotice) => NoticeOutcome {
  return (notice) => {
    if (opts.desktop?.permission === 'granted') {
      if (!opts.isMaster()) return 'none';
      opts.desktop.show(notice);
      return 'desktop';
    }
    opts.showInPage(notice);
    if (!opts.isMaster() || notice.followUp) return 'in-page';
    opts.beep();
    return 'in-page-with-beep';
  };
}
