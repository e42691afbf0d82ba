/** Horizontal grouped bars drawn as SVG from d3-scale's scales; loaded lazily by chart-table.tsx. */
import { scaleBand, scaleLinear } from 'd3-scale';
import type { ChartRow } from './chart-row.js';

/** Props of {@link BarChart}. */
export interface BarChartProps {
  title: string;
  series: readonly string[];
  rows: readonly ChartRow[];
}

const WIDTH = 640;
const LABEL_WIDTH = 220;
const VALUE_WIDTH = 110;
const ROW_HEIGHT = 44;
const LEGEND_HEIGHT = 28;

/** One class per series, in order; colours are in operator.css (at least 3:1 against the page). */
const seriesClass = (i: number): string => `op-bar-${i % 4}`;

/** The rows as bars, one per series, each ending with its value as written; an image named by the title. */
export default function BarChart({ title, series, rows }: BarChartProps): React.JSX.Element {
  const height = LEGEND_HEIGHT + rows.length * ROW_HEIGHT;
  const y = scaleBand<string>()
    .domain(rows.map((r) => r.key))
    .range([LEGEND_HEIGHT, height])
    .paddingInner(0.25);
  const inner = scaleBand<number>()
    .domain(series.map((_, i) => i))
    .range([0, y.bandwidth()])
    .paddingInner(0.1);
  const max = Math.max(1, ...rows.flatMap((r) => r.values.map((v) => v ?? 0)));
  const x = scaleLinear().domain([0, max]).range([0, WIDTH - LABEL_WIDTH - VALUE_WIDTH]);
  return (
    <svg className="op-bar-chart" role="img" aria-label={title} viewBox={`0 0 ${WIDTH} ${height}`} width="100%" preserveAspectRatio="xMinYMin meet">
      {series.map((name, i) => (
        <g key={name} transform={`translate(${LABEL_WIDTH + i * 160}, 6)`}>
          <rect className={seriesClass(i)} width="14" height="14" />
          <text x="20" y="12">
            {name}
          </text>
        </g>
      ))}
      {rows.map((r) => {
        const top = y(r.key) ?? 0;
        return (
          <g key={r.key} transform={`translate(0, ${top})`}>
            <text x={LABEL_WIDTH - 8} y={y.bandwidth() / 2} textAnchor="end" dominantBaseline="middle">
              {r.label}
            </text>
            {r.values.map((v, i) => {
              const barTop = inner(i) ?? 0;
              const length = x(v ?? 0);
              return (
                <g key={series[i] ?? i}>
                  <rect className={seriesClass(i)} x={LABEL_WIDTH} y={barTop} width={length} height={inner.bandwidth()} />
                  <text x={LABEL_WIDTH + length + 4} y={barTop + inner.bandwidth() / 2} dominantBaseline="middle">
                    {r.texts[i]}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
