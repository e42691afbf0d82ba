/** Props of {@link ScrollTable}. */
export interface ScrollTableProps {
  caption: string;
  /** The column headers, the row header's column first; React keys are the indexes (the columns never move). */
  columns: readonly React.ReactNode[];
  className?: string;
  /** The body's rows. */
  children: React.ReactNode;
}

/**
 * A captioned table in a region of its own that scrolls sideways on a narrow screen; the region takes the
 * caption as its name and focus, so a keyboard can scroll it.
 */
export function ScrollTable({ caption, columns, className, children }: ScrollTableProps): React.JSX.Element {
  return (
    <div className="op-report-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className={className}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((header, i) => (
              <th scope="col" key={i}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
