import { useId, useState } from 'react';
import { markHandled, reasonText } from '../../../platform/errors.js';
import { CHANNEL_ROLE_CHOICES, type ChannelMember, type ChannelRoleChoice } from '../../../protocol/console/supervision.js';
import type { ChannelSettings, OperatorAccount } from '../../../protocol/operator-console.js';
import { useT } from '../../core/texts.js';
import { useLoaded } from '../../core/use-loaded.js';
import { ErrorLine, OutcomeLines } from '../../core/outcome-lines.js';
import type { ChannelRolesApi } from './supervision-api.js';

/** What the section reads besides the roles: the operators and the channels. */
export interface ChannelRolesSource extends ChannelRolesApi {
  operators(): Promise<OperatorAccount[]>;
  channels(): Promise<ChannelSettings[]>;
}

/** One channel's operators, each with a choice of role (or none: not in the channel). */
function RolesTable({ api, channel, operators }: { api: ChannelRolesApi; channel: ChannelSettings; operators: OperatorAccount[] }): React.JSX.Element {
  const t = useT();
  const [members, setMembers] = useState<ChannelMember[] | null>(null);
  const [outcome, setOutcome] = useState<{ done: string; failure: string | undefined }>({ done: '', failure: undefined });
  const loaded = useLoaded(() => api.members(channel.id), [api, channel.id]);
  const current = members ?? (loaded.kind === 'ready' ? loaded.value : null);
  if (loaded.kind === 'failed') return <ErrorLine text={t('operator.common.error', { reason: loaded.reason })} />;
  if (!current) return <p role="status">{t('operator.common.loading')}</p>;
  const roleOf = (operatorId: number): ChannelRoleChoice => current.find((m) => m.operator_id === operatorId)?.role ?? 'none';

  const change = (operator: OperatorAccount, role: ChannelRoleChoice) => {
    api.setRole(channel.id, operator.id, role).then(
      (next) => {
        setMembers(next);
        setOutcome({ done: t('operator.supervision.roleSaved', { name: operator.name, channel: channel.name, role: t(`operator.supervision.roleChoice.${role}`) }), failure: undefined });
      },
      (err: unknown) => {
        markHandled(err);
        setOutcome({ done: '', failure: t('operator.common.error', { reason: reasonText(err) }) });
      },
    );
  };

  return (
    <>
      <table>
        <caption>{t('operator.supervision.rolesIn', { channel: channel.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('operator.supervision.operator')}</th>
            <th scope="col">{t('operator.supervision.role')}</th>
          </tr>
        </thead>
        <tbody>
          {operators.map((o) => (
            <tr key={o.id}>
              <th scope="row">{o.name}</th>
              <td>
                <select aria-label={t('operator.supervision.roleOf', { name: o.name, channel: channel.name })} value={roleOf(o.id)} onChange={(e) => change(o, e.target.value as ChannelRoleChoice)}>
                  {CHANNEL_ROLE_CHOICES.map((choice) => (
                    <option key={choice} value={choice}>
                      {t(`operator.supervision.roleChoice.${choice}`)}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <OutcomeLines done={outcome.done} failure={outcome.failure} />
    </>
  );
}

/** Administration of who supervises which channel: a role per operator and channel. */
export function ChannelRolesSection({ api }: { api: ChannelRolesSource }): React.JSX.Element {
  const t = useT();
  const headingId = useId();
  const choiceId = useId();
  const lists = useLoaded(async () => ({ operators: await api.operators(), channels: await api.channels() }), [api]);
  const [chosen, setChosen] = useState<number | null>(null);
  const channels = lists.kind === 'ready' ? lists.value.channels : [];
  const channel = channels.find((c) => c.id === chosen) ?? channels[0];
  return (
    <section className="op-roles" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('operator.supervision.rolesHeading')}</h3>
      <p>{t('operator.supervision.rolesHelp')}</p>
      {lists.kind === 'loading' ? <p role="status">{t('operator.common.loading')}</p> : null}
      <ErrorLine text={lists.kind === 'failed' ? t('operator.common.error', { reason: lists.reason }) : undefined} />
      {lists.kind === 'ready' && channel ? (
        <>
          {channels.length > 1 ? (
            <p>
              <label htmlFor={choiceId}>{t('operator.supervision.channel')}</label>{' '}
              <select id={choiceId} value={channel.id} onChange={(e) => setChosen(Number(e.target.value))}>
                {channels.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </p>
          ) : null}
          <RolesTable key={channel.id} api={api} channel={channel} operators={lists.value.operators} />
        </>
      ) : null}
    </section>
  );
}
