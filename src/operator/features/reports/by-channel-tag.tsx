/** Reports → By channel (the overview's figures per channel) and By tag. */
import type { ReportFigures } from '../../../protocol/console/reports.js';
import type { TagReport } from '../../../protocol/console/reports-breakdown.js';
import { useT } from '../../core/texts.js';
import { loadByChannel, loadByTag } from './breakdown-api.js';
import { personColumns } from './breakdown-columns.js';
import { REPORT_FIGURES } from './report-figures.js';
import { PeriodReport } from './report-load.js';
import { ReportTable, type TableColumn } from './report-table.js';
import type { ReportsApi } from './reports-api.js';

type ChannelLine = { channel_id: number; name: string; figures: ReportFigures };

const CHANNEL_COLUMNS: TableColumn<ChannelLine>[] = REPORT_FIGURES.map((f) => ({ ...f, value: (line: ChannelLine) => f.value(line.figures) }));
const TAG_COLUMNS = personColumns<TagReport>();

/** Every channel of the choice with the overview's figures. */
export function ByChannel({ api, params }: { api: ReportsApi; params: string }): React.JSX.Element {
  const t = useT();
  return (
    <PeriodReport api={api} params={params} load={loadByChannel}>
      {(answer) => (
        <ReportTable
          caption={t('operator.reports.byChannelCaption', { from: answer.from, to: answer.to })}
          rowHeader={t('operator.reports.channel')}
          csvKey="channel"
          rows={answer.channels}
          rowId={(c) => c.channel_id}
          rowName={(c) => c.name}
          columns={CHANNEL_COLUMNS}
          fileName={`reports-by-channel-${answer.from}-${answer.to}.csv`}
        />
      )}
    </PeriodReport>
  );
}

/** Every tag with a tagged conversation in the period, the most used first. */
export function ByTag({ api, params }: { api: ReportsApi; params: string }): React.JSX.Element {
  const t = useT();
  return (
    <PeriodReport api={api} params={params} load={loadByTag}>
      {(answer) =>
        answer.tags.length === 0 ? (
          <p role="status">{t('operator.reports.noTags')}</p>
        ) : (
          <ReportTable
            caption={t('operator.reports.byTagCaption', { from: answer.from, to: answer.to })}
            rowHeader={t('operator.reports.tag')}
            csvKey="tag"
            rows={answer.tags}
            rowId={(tag) => tag.tag_id}
            rowName={(tag) => tag.name}
            columns={TAG_COLUMNS}
            fileName={`reports-by-tag-${answer.from}-${answer.to}.csv`}
          />
        )
      }
    </PeriodReport>
  );
}
