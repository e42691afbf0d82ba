import type { ConversationDetail } from '../../protocol/operator-console.js';
import { useT } from '../core/texts.js';
import { ConversationDetails } from './conversation-details.js';
import { MessageList } from './message-list.js';
import { PaneComposer } from './pane-composer.js';
import { OfflineReply } from '../features/offline-reply/offline-reply.js';

/** Props of {@link ConversationPane}. */
export interface ConversationPaneProps {
  conversation: ConversationDetail;
  visitorTyping: boolean;
  /** Sends a message; rejects with a readable reason. */
  onSend(text: string): Promise<void>;
  /** The composer's content changed. */
  onComposerInput(hasText: boolean): void;
  onRequestHistory(): void;
  onClose(): void;
  /** Sends files as one message; rejects with a readable reason. */
  onAttach(files: File[]): Promise<void>;
  /** Answers an offline message by e-mail; rejects with a readable reason. */
  onReply(text: string): Promise<void>;
  /** The visitor card shown above the page history. */
  card?: React.ReactNode;
}

/** The pane's heading: the visitor's name and the actions on the conversation. */
function PaneHeader({ visitorName, closed, offline, onRequestHistory, onClose }: { visitorName: string; closed: boolean; offline: boolean; onRequestHistory(): void; onClose(): void }): React.JSX.Element {
  const t = useT();
  return (
    <header className="op-pane-header">
      <h2 id="op-pane-heading">
        <span dir="auto">{visitorName}</span>
      </h2>
      <div className="op-pane-actions">
        {/* A message left offline has no widget open to ask for its pages. */}
        {offline ? null : (
          <button type="button" onClick={onRequestHistory} disabled={closed}>
            {t('operator.conversation.requestHistory')}
          </button>
        )}
        <button type="button" onClick={onClose} disabled={closed}>
          {t('operator.conversation.close')}
        </button>
      </div>
    </header>
  );
}

/** One open conversation: messages, typing indicator, composer (Enter sends) or, for an offline message, the e-mailed answer; page history, rating, close. */
export function ConversationPane({ conversation: c, visitorTyping, onSend, onComposerInput, onRequestHistory, onClose, onAttach, onReply, card }: ConversationPaneProps): React.JSX.Element {
  const t = useT();
  const closed = c.closed_at !== null;
  const offline = c.origin === 'offline';
  return (
    <section className="op-pane" aria-labelledby="op-pane-heading">
      <PaneHeader visitorName={c.visitor_name} closed={closed} offline={offline} onRequestHistory={onRequestHistory} onClose={onClose} />
      <MessageList key={c.id} conversation={c} />
      <p className="op-typing" role="status">
        {visitorTyping ? t('widget.typing.one', { first: c.visitor_name }) : ''}
      </p>
      {offline && c.reply_email ? (
        <OfflineReply sessionId={c.id} visitorName={c.visitor_name} email={c.reply_email} onReply={onReply} />
      ) : (
        <PaneComposer sessionId={c.id} visitorName={c.visitor_name} closed={closed} onSend={onSend} onComposerInput={onComposerInput} onAttach={onAttach} />
      )}
      <ConversationDetails conversation={c} card={card} />
    </section>
  );
}
