/** Horizontal grouped bars drawn as SVG from d3-scale's scales; loaded lazily by chart-table.tsx. */
import { scaleBand, scaleLinear } from 'd3-scale';
import type { TextDirection } from '../../platform/i18n/index.js';
import type { ChartRow } from './chart-row.js';

/** Props of {@link BarChart}. */
export interface BarChartProps {
  title: string;
  series: readonly string[];
  rows: readonly ChartRow[];
  /** The console's direction: in `rtl` the names stand at the right and the bars grow to the left. */
  direction?: TextDirection;
}

const WIDTH = 640;
const LABEL_WIDTH = 220;
const VALUE_WIDTH = 110;
const ROW_HEIGHT = 44;
const LEGEND_HEIGHT = 28;
const LEGEND_STEP = 160;
const SWATCH = 14;

/** One class per series, in order; colours are in core.css and theme.css (at least 3:1 against the page). */
const seriesClass = (i: number): string => `op-bar-${i % 4}`;

/**
 * The rows as bars, one per series, each ending with its value as written; an image named by the title.
 * Right to left, the value scale's range is reversed rather than the drawing flipped, so the text keeps
 * its own shape; the `direction` given to the SVG makes each text's start and end anchors the mirrored ones.
 */
export default function BarChart({ title, series, rows, direction = 'ltr' }: BarChartProps): React.JSX.Element {
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
  const ends = [LABEL_WIDTH, WIDTH - VALUE_WIDTH];
  const x = scaleLinear()
    .domain([0, max])
    .range(direction === 'rtl' ? ends.map((e) => WIDTH - e) : ends);
  // One unit towards where values grow: +1 left to right, -1 right to left.
  const forward = Math.sign(x(max) - x(0));
  const origin = x(0);
  const span = (from: number, to: number) => ({ x: Math.min(from, to), width: Math.abs(to - from) });
  return (
    <svg
      className="op-bar-chart"
      role="img"
      aria-label={title}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      direction={direction}
      preserveAspectRatio={direction === 'rtl' ? 'xMaxYMin meet' : 'xMinYMin meet'}
    >
      {series.map((name, i) => {
        const start = origin + forward * i * LEGEND_STEP;
        return (
          <g key={name}>
            <rect className={seriesClass(i)} {...span(start, start + forward * SWATCH)} y="6" height={SWATCH} />
            <text x={start + forward * (SWATCH + 6)} y="18">
              {name}
            </text>
          </g>
        );
      })}
      {rows.map((r) => {
        const top = y(r.key) ?? 0;
        return (
          <g key={r.key} transform={`translate(0, ${top})`}>
            <text x={origin - forward * 8} y={y.bandwidth() / 2} textAnchor="end" dominantBaseline="middle">
              {r.label}
            </text>
            {r.values.map((v, i) => {
              const barTop = inner(i) ?? 0;
              const end = x(v ?? 0);
              return (
                <g key={series[i] ?? i}>
                  <rect className={seriesClass(i)} {...span(origin, end)} y={barTop} height={inner.bandwidth()} />
                  <text x={end + forward * 4} y={barTop + inner.bandwidth() / 2} dominantBaseline="middle">
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
