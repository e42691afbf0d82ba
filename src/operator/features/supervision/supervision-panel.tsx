import { useEffect, useId, useState } from 'react';
import { markHandled, reasonText } from '../../../platform/errors.js';
import type { SupervisedConversation, SupervisedChannel } from '../../../protocol/console/supervision.js';
import { useT } from '../../core/texts.js';
import { useLoaded } from '../../core/use-loaded.js';
import { ErrorLine } from '../../core/outcome-lines.js';
import type { SupervisionApi } from './supervision-api.js';
import { ConversationsTable, OperatorsTable } from './supervision-tables.js';
import { useThrottled } from './use-throttled.js';

/** Reloads of the screen at most this often, however many notices arrive. */
export const RELOAD_EVERY_MS = 2000;
/** Waiting times move on between reloads at this pace. */
const TICK_MS = 30_000;

/** Props of {@link SupervisionPanel}. */
export interface SupervisionPanelProps {
  api: SupervisionApi;
  /** The logged-in operator, whose own conversations offer no Take. */
  selfId: number;
  /** Changes whenever the screen may be stale (bus notices): it reads again, throttled. */
  refreshKey: number;
  /** Epoch ms now (the console's clock). */
  now(): number;
  throttleMs?: number;
}

/** A clock that moves every {@link TICK_MS}, so waiting times do not freeze between reloads. */
function useTick(now: () => number): number {
  const [tick, setTick] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setTick(now()), TICK_MS);
    return () => clearInterval(timer);
  }, [now]);
  return tick;
}

/** The channel choice, when there is more than one to supervise. */
function ChannelChoice({ channels, value, onChange }: { channels: SupervisedChannel[]; value: number; onChange(id: number): void }): React.JSX.Element | null {
  const t = useT();
  const id = useId();
  if (channels.length < 2) return null;
  return (
    <p>
      <label htmlFor={id}>{t('operator.supervision.channel')}</label>{' '}
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {channels.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </p>
  );
}

/** One channel's live picture: its conversations and its operators, reloaded on the bus. */
function ChannelScreen({ api, channelId, selfId, refreshKey, now, throttleMs }: SupervisionPanelProps & { channelId: number }): React.JSX.Element {
  const t = useT();
  const [taken, setTaken] = useState(0);
  const [taking, setTaking] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ done: string } | { failed: string } | null>(null);
  const key = useThrottled(refreshKey, throttleMs ?? RELOAD_EVERY_MS);
  const load = useLoaded(async () => ({ snapshot: await api.snapshot(channelId), at: now() }), [api, channelId, key, taken, now]);
  const tick = useTick(now);

  const take = (c: SupervisedConversation) => {
    setTaking(c.session_id);
    api.take(c.session_id).then(
      () => {
        setOutcome({ done: t('operator.supervision.taken', { name: c.visitor_label }) });
        setTaking(null);
        setTaken((n) => n + 1);
      },
      (err: unknown) => {
        markHandled(err);
        setOutcome({ failed: t('operator.common.error', { reason: reasonText(err) }) });
        setTaking(null);
        setTaken((n) => n + 1);
      },
    );
  };

  if (load.kind === 'loading') return <p role="status">{t('operator.common.loading')}</p>;
  if (load.kind === 'failed') return <ErrorLine text={t('operator.common.error', { reason: load.reason })} />;
  const { snapshot, at } = load.value;
  const serverNow = snapshot.now + Math.max(0, Math.max(tick, now()) - at);
  return (
    <>
      <p role="status">{outcome && 'done' in outcome ? outcome.done : ''}</p>
      <ErrorLine text={outcome && 'failed' in outcome ? outcome.failed : undefined} />
      <ConversationsTable conversations={snapshot.conversations} now={serverNow} selfId={selfId} taking={taking} onTake={take} />
      <OperatorsTable operators={snapshot.operators} />
    </>
  );
}

/** The supervision screen: the supervised channels' live conversations and operators' load. */
export function SupervisionPanel(props: SupervisionPanelProps): React.JSX.Element {
  const t = useT();
  const headingId = useId();
  const channels = useLoaded(() => props.api.channels(), [props.api]);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = channels.kind === 'ready' ? channels.value : [];
  const channelId = chosen ?? list[0]?.id ?? null;
  return (
    <section className="op-supervision" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('operator.supervision.heading')}</h2>
      {channels.kind === 'loading' ? <p role="status">{t('operator.common.loading')}</p> : null}
      <ErrorLine text={channels.kind === 'failed' ? t('operator.common.error', { reason: channels.reason }) : undefined} />
      {channels.kind === 'ready' && channelId === null ? <p>{t('operator.supervision.noChannel')}</p> : null}
      {channelId !== null ? (
        <>
          <ChannelChoice channels={list} value={channelId} onChange={setChosen} />
          <ChannelScreen {...props} channelId={channelId} />
        </>
      ) : null}
    </section>
  );
}
