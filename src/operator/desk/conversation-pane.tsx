import type { ConversationDetail } from '../../protocol/operator-console.js';
import { useT } from '../core/texts.js';
import { ConversationDetails } from './conversation-details.js';
import { MessageList } from './message-list.js';
import { PaneComposer } from './pane-composer.js';
import type { PaneExtensions } from './pane-slots.js';

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
  /** What features add to the pane (sections, composer actions), and what they are given. */
  extensions?: PaneExtensions;
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

/**
 * One open conversation: messages, typing indicator, composer (Enter sends) or a feature's section in its
 * place (e.g. the e-mailed answer to an offline message); the features' sections, page history, rating, close.
 */
export function ConversationPane({ conversation: c, visitorTyping, onSend, onComposerInput, onRequestHistory, onClose, extensions }: ConversationPaneProps): React.JSX.Element {
  const t = useT();
  const closed = c.closed_at !== null;
  const offline = c.origin === 'offline';
  const replacement = extensions?.slots.composerReplacements.find((r) => r.applies(c));
  return (
    <section className="op-pane" aria-labelledby="op-pane-heading">
      <PaneHeader visitorName={c.visitor_name} closed={closed} offline={offline} onRequestHistory={onRequestHistory} onClose={onClose} />
      <MessageList key={c.id} conversation={c} extensions={extensions} />
      <p className="op-typing" role="status">
        {visitorTyping ? t('widget.typing.one', { first: c.visitor_name }) : ''}
      </p>
      {replacement && extensions ? (
        <replacement.Component {...extensions.context} conversation={c} />
      ) : (
        <PaneComposer conversation={c} closed={closed} onSend={onSend} onComposerInput={onComposerInput} extensions={extensions} />
      )}
      <ConversationDetails conversation={c} card={extensions?.slots.details.map((Section, i) => <Section key={i} {...extensions.context} conversation={c} />)} />
    </section>
  );
}
