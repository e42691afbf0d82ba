/** A React 19 application that embeds the chat the way the README's "Embed" section shows. */
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'live-chat-element/define';
import type { LiveChatElement } from 'live-chat-element';

function ChatDemo() {
  const chat = useRef<LiveChatElement>(null);
  const [shown, setShown] = useState(true);
  const [events, setEvents] = useState<string[]>([]);
  const note = (line: string) => setEvents((all) => [...all, line]);

  // React 19 attaches `on<event name>` props of a custom element as listeners for that exact name,
  // colon included; a ref reaches the element's methods and any event a prop does not name.
  useEffect(() => {
    const element = chat.current;
    if (!element) return;
    const onFold = (event: CustomEvent<{ folded: boolean }>) => note(event.detail.folded ? 'Window folded' : 'Window unfolded');
    element.addEventListener('livechat:fold', onFold);
    return () => element.removeEventListener('livechat:fold', onFold);
  }, [shown]);

  return (
    <main>
      <h1>A React 19 app</h1>
      <p>
        <button type="button" onClick={() => chat.current?.open()} disabled={!shown}>
          Open the chat from the app
        </button>{' '}
        <button type="button" onClick={() => setShown((s) => !s)}>
          {shown ? 'Remove the chat' : 'Add the chat'}
        </button>
      </p>
      <h2 id="events-heading">Widget events</h2>
      <ul role="log" aria-labelledby="events-heading">
        {events.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {shown && (
        <live-chat
          ref={chat}
          channel-id="1"
          onlivechat:ready={(event) => note(event.detail.available ? 'Operators available' : 'Nobody available')}
          onlivechat:open={(event) => note(`Chat opened with ${event.detail.operator[1]}`)}
          onlivechat:message={(event) => note(`Message ${event.detail.direction}: ${event.detail.message.body.replace(/<[^>]*>/g, '')}`)}
        />
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChatDemo />
  </StrictMode>,
);
