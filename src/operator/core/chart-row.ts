/** One row of a chart and of its table: a name, then one value per series (null: none), and each value as written. */
export interface ChartRow {
  key: string;
  label: string;
  values: readonly (number | null)[];
  texts: readonly string[];
}
