import { useCallback, useRef, useState, type RefObject } from 'react';
import type { CrossTabBus } from '../../platform/bus/cross-tab-bus.js';
import type { NoticeOutcome, UserNotice } from '../../platform/notify/notifier.js';
import { withNotice } from '../core/notice-policy.js';
import type { ShownNotice } from './notices.js';

/** The in-page notices and how news reaches the operator. */
export interface DeskNotices {
  notices: ShownNotice[];
  /** Delivers news: a desktop notification from the master tab, else an in-page notice. */
  showNotice(notice: UserNotice): void;
  dismissNotice(id: number): void;
}

type Notify = (notice: UserNotice, isMaster: () => boolean, showInPage: (notice: UserNotice) => void) => NoticeOutcome;

/** The desk's notices; `busRef` says whether this tab is the bus master (a tab without a bus counts as one). */
export function useDeskNotices(notify: Notify, busRef: RefObject<CrossTabBus | null>): DeskNotices {
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const noticeId = useRef(0);
  const dismissNotice = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  const showNotice = useCallback(
    (notice: UserNotice) => {
      const bus = busRef.current;
      notify(notice, () => bus?.isMaster ?? true, (n) => {
        noticeId.current += 1;
        const id = noticeId.current;
        setNotices((list) => withNotice(list, { ...n, id }));
      });
    },
    [notify, busRef],
  );
  return { notices, showNotice, dismissNotice };
}
