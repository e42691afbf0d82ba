import { downloadCsv } from './csv.js';
import { useT } from './texts.js';

/** Props of {@link CsvDownload}. */
export interface CsvDownloadProps {
  /** What the file holds, as the button names it: a table's caption or a chart's title. */
  name: string;
  /** The downloaded file's name, `.csv` included. */
  fileName: string;
  /** The file's text, written only when the button is pressed. */
  csv(): string;
}

/** The button that downloads a table or chart as CSV: "Download “name” (CSV)". */
export function CsvDownload({ name, fileName, csv }: CsvDownloadProps): React.JSX.Element {
  const t = useT();
  return (
    <button type="button" onClick={() => downloadCsv(fileName, csv())}>
      {t('operator.common.downloadCsv', { name })}
    </button>
  );
}
