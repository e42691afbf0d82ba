import type { SoftwareName, VisitorCard } from '../../../protocol/visitor.js';
import { useCallback } from 'react';
import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import { useMinuteNow } from '../../../ui/shared/minute-clock.js';
import { useLocale, useT } from '../../core/texts.js';
import { localTimeIn } from '../../core/local-time.js';
import { languageName } from '../../core/language-names.js';
import { useLoaded } from '../../core/use-loaded.js';
import { visitorCardVersionAtom } from '../../desk/desk-atoms.js';
import type { PaneSectionProps } from '../../desk/pane-slots.js';

/** Where the card comes from: the console's API, or a test's stand-in. */
export type VisitorCardSource = (sessionId: number) => Promise<VisitorCard>;

const software = (s: SoftwareName | null): string | null => (s ? [s.name, s.version].filter(Boolean).join(' ') : null);

/** One row of the card's description list; an unknown value reads "Unknown". */
function Row({ label, value, children }: { label: string; value?: string | null; children?: React.ReactNode }): React.JSX.Element {
  const t = useT();
  return (
    <>
      <dt>{label}</dt>
      <dd>{children ?? (value === null || value === undefined || value === '' ? t('operator.visitor.unknown') : value)}</dd>
    </>
  );
}

/** What the card shows: who the visitor is, how far that is trusted, the site's context, where and when they are. */
export function VisitorCardView({ card }: { card: VisitorCard }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const now = useMinuteNow();
  const time = card.time_zone ? localTimeIn(card.time_zone, now, locale) : undefined;
  // Per field: a verified id says nothing of the name and address sent beside it; only a token's claims are the site's word.
  const trust = (verified: boolean) => t('operator.visitor.trust', { identity: verified ? 'verified' : 'unverified' });
  return (
    <dl className="op-visitor-card">
      {/* The name and the address are the visitor's own text: each in its own direction, beside the console's words. */}
      <Row label={t('operator.visitor.name')}>
        {card.name ? (
          <>
            <span dir="auto">{card.name}</span>
            {card.identity === 'anonymous' ? null : ` (${trust(card.name_verified)})`}
          </>
        ) : undefined}
      </Row>
      <Row label={t('operator.visitor.email')}>
        {card.email ? (
          <>
            <span dir="auto">{card.email}</span> ({trust(card.email_verified)})
          </>
        ) : (
          t('operator.visitor.noEmail')
        )}
      </Row>
      <Row label={t('operator.visitor.identity')} value={t('operator.visitor.identityValue', { identity: card.identity, id: card.visitor_id ?? '' })} />
      {card.context.map(([key, value], i) => (
        <Row key={`${i}:${key}`} label={key} value={value} />
      ))}
      <Row label={t('operator.visitor.browser')} value={software(card.browser)} />
      <Row label={t('operator.visitor.os')} value={software(card.os)} />
      <Row label={t('operator.visitor.language')} value={card.language ? languageName(card.language, locale) : null} />
      <Row label={t('operator.visitor.currentPage')} value={card.pages.at(-1) ?? null} />
      <Row label={t('operator.visitor.localTime')} value={time && card.time_zone ? t('operator.visitor.localTimeValue', { time, zone: card.time_zone }) : null} />
      <Row
        label={t('operator.visitor.earlier')}
        value={card.earlier_conversations === null ? null : t('operator.visitor.earlierCount', { count: card.earlier_conversations })}
      />
    </dl>
  );
}

/** The card of one conversation's visitor, read again whenever `version` changes (the visitor said more). */
export function VisitorCardPanel({ load, sessionId, version }: { load: VisitorCardSource; sessionId: number; version: number }): React.JSX.Element {
  const t = useT();
  const state = useLoaded(() => load(sessionId), [load, sessionId, version]);
  return (
    <section aria-labelledby="op-visitor-heading">
      <h3 id="op-visitor-heading">{t('operator.visitor.heading')}</h3>
      {state.kind === 'ready' ? <VisitorCardView card={state.value} /> : null}
      {state.kind === 'loading' ? <p role="status">{t('operator.common.loading')}</p> : null}
      {state.kind === 'failed' ? <p role="alert">{t('operator.visitor.failed', { reason: state.reason })}</p> : null}
    </section>
  );
}

/** The open conversation's visitor card, read again whenever the desk hears the visitor said more. */
export function VisitorCardSection({ api, store, conversation }: PaneSectionProps): React.JSX.Element {
  const version = useStoreValue(store, visitorCardVersionAtom);
  const load = useCallback((id: number) => api.visitorCard(id), [api]);
  return <VisitorCardPanel key={conversation.id} load={load} sessionId={conversation.id} version={version} />;
}
