/** Reports → By operator: each operator's figures and, for the operator chosen, the load per day. */
import { useId, useState } from 'react';
import type { OperatorReport, ReportsByOperator } from '../../../protocol/console/reports-breakdown.js';
import { ChartTable } from '../../core/chart-table.js';
import { useLocale, useT } from '../../core/texts.js';
import { loadByOperator } from './breakdown-api.js';
import { personColumns } from './breakdown-columns.js';
import { PeriodReport } from './report-load.js';
import { ReportTable } from './report-table.js';
import type { ReportsApi } from './reports-api.js';

const COLUMNS = personColumns<OperatorReport>();

/** One operator's conversations and replies per local day, as a chart with its table and CSV. */
function OperatorLoad({ answer }: { answer: ReportsByOperator }): React.JSX.Element | null {
  const t = useT();
  const locale = useLocale();
  const pickId = useId();
  const [chosen, setChosen] = useState(answer.operators[0]?.operator_id);
  const operator = answer.operators.find((o) => o.operator_id === chosen) ?? answer.operators[0];
  if (!operator) return null;
  const count = new Intl.NumberFormat(locale);
  return (
    <>
      <label htmlFor={pickId}>{t('operator.reports.loadOf')}</label>
      <select id={pickId} value={String(operator.operator_id)} onChange={(e) => setChosen(Number(e.target.value))}>
        {answer.operators.map((o) => (
          <option key={o.operator_id} value={String(o.operator_id)}>
            {o.name}
          </option>
        ))}
      </select>
      <ChartTable
        title={t('operator.reports.loadChart', { name: operator.name })}
        rowHeader={t('operator.reports.day')}
        series={[t('operator.reports.conversations'), t('operator.reports.replies')]}
        rows={operator.load.map((d) => ({ key: d.day, label: d.day, values: [d.conversations, d.replies], texts: [count.format(d.conversations), count.format(d.replies)] }))}
        fileName={`reports-load-${operator.operator_id}-${answer.from}-${answer.to}.csv`}
        timeZones={answer.time_zones}
      />
    </>
  );
}

/** The by-operator table of the period the controls chose. */
export function ByOperator({ api, params }: { api: ReportsApi; params: string }): React.JSX.Element {
  const t = useT();
  return (
    <PeriodReport api={api} params={params} load={loadByOperator}>
      {(answer) =>
        answer.operators.length === 0 ? (
          <p role="status">{t('operator.reports.empty')}</p>
        ) : (
          <>
            <ReportTable
              caption={t('operator.reports.byOperatorCaption', { from: answer.from, to: answer.to })}
              rowHeader={t('operator.reports.operator')}
              csvKey="operator"
              rows={answer.operators}
              rowId={(o) => o.operator_id}
              rowName={(o) => o.name}
              columns={COLUMNS}
              fileName={`reports-by-operator-${answer.from}-${answer.to}.csv`}
            />
            <OperatorLoad answer={answer} />
          </>
        )
      }
    </PeriodReport>
  );
}
