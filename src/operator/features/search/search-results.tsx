import { useMemo } from 'react';
import type { SearchHit, SearchSnippet } from '../../../protocol/console/search.js';
import { conversationItemLinkHash, conversationLinkHash } from '../../../protocol/operator-console.js';
import { useLocale, useT } from '../../core/texts.js';

/** The snippet's text with its matched words in `<mark>`; plain text only, never markup from the server. */
export function SnippetText({ snippet }: { snippet: SearchSnippet }): React.JSX.Element {
  const parts: React.ReactNode[] = [];
  let at = 0;
  const marks = [...snippet.marks].filter(([s, e]) => s >= 0 && e <= snippet.text.length && s < e).sort((a, b) => a[0] - b[0]);
  for (const [start, end] of marks) {
    if (start < at) continue;
    if (start > at) parts.push(snippet.text.slice(at, start));
    parts.push(<mark key={start}>{snippet.text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < snippet.text.length) parts.push(snippet.text.slice(at));
  return (
    <span className="op-search-snippet" dir="auto">
      {parts}
    </span>
  );
}

/** Where a hit leads: the conversation at its message or note, or the conversation itself. */
export function hitLink(hit: SearchHit): string {
  if ((hit.kind === 'message' || hit.kind === 'note') && hit.item_id !== null) return conversationItemLinkHash(hit.session_id, { kind: hit.kind, id: hit.item_id });
  return conversationLinkHash(hit.session_id);
}

/** Follows a hit's link even when the address already names it (a second click on the same hit). */
function follow(event: React.MouseEvent<HTMLAnchorElement>, href: string): void {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  if (window.location.hash !== href) return;
  event.preventDefault();
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

/** The hits, newest first: each a link to the conversation at that message, with what matched marked. */
export function SearchResults({ hits, labelId }: { hits: readonly SearchHit[]; labelId: string }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale]);
  return (
    <ol className="op-search-results" aria-labelledby={labelId}>
      {hits.map((hit) => {
        const href = hitLink(hit);
        return (
          <li key={`${hit.kind}-${hit.session_id}-${hit.item_id ?? 0}`} className={`op-search-hit op-search-hit-${hit.kind}`}>
            <a href={href} onClick={(e) => follow(e, href)}>
              <span className="op-search-hit-head">
                <span className="op-search-visitor" dir="auto">
                  {hit.visitor_label}
                </span>{' '}
                <span className="op-search-kind">{t(`operator.search.kind.${hit.kind}`)}</span>{' '}
                <span className="op-search-status">{t(`operator.search.statusName.${hit.status}`)}</span>{' '}
                <time dateTime={new Date(hit.date).toISOString()}>{dateFormat.format(hit.date)}</time>
              </span>
              <span className="op-search-hit-body">
                {hit.kind === 'message' || hit.kind === 'note' ? (
                  <span className="op-search-author" dir="auto">
                    {t('operator.search.author', { name: hit.author })}{' '}
                  </span>
                ) : null}
                <SnippetText snippet={hit.snippet} />
              </span>
            </a>
          </li>
        );
      })}
    </ol>
  );
}
