import { useEffect, useId, useRef, useState } from 'react';
import { calendarTicks, linear, niceTicks } from './vitals-scale.ts';
import styles from './vitals.module.css';
import { dateTimeFormat } from '../../i18n/intl-formats.ts';

/** One line of a chart: its values over time, told apart by colour, marker and dash. */
export interface ChartLine {
  label: string;
  /** `at` in ms since the epoch, oldest first. */
  values: { at: number; value: number }[];
  tone: 'weight' | 'systolic' | 'diastolic';
}

const HEIGHT = 200;
const MARGIN = { top: 12, bottom: 28, axis: 44, far: 14 };
/** Above this many points the markers would merge into a band: the line alone is drawn. */
const MARKERS_MAX = 60;
const FALLBACK_WIDTH = 600;

/** The width the chart gets, followed as the page resizes (measured after the first render). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

function Marker({ tone, x, y }: { tone: ChartLine['tone']; x: number; y: number }) {
  // Shapes as well as colours, so the lines stay apart without colour vision.
  if (tone === 'diastolic')
    return <rect className={styles[tone]} x={x - 3.5} y={y - 3.5} width={7} height={7} />;
  return <circle className={styles[tone]} cx={x} cy={y} r={3.5} />;
}

/**
 * A hand-written SVG line chart: time runs from the reading direction's start (oldest) to its
 * end (newest), so in Arabic the newest point is on the left and the value axis on the right.
 * The SVG is one image to assistive technology, named by `title` and described by `summary`;
 * the figures themselves are in the table next to it.
 */
export function VitalsChart({
  title,
  summary,
  lines,
  language,
  isRtl,
  formatValue,
}: {
  title: string;
  summary: string;
  lines: ChartLine[];
  language: string;
  isRtl: boolean;
  formatValue: (value: number) => string;
}) {
  const id = useId();
  const { ref, width } = useWidth();
  const all = lines.flatMap((line) => line.values);
  const times = all.map((point) => point.at);
  const values = all.map((point) => point.value);
  const [start, end] = [Math.min(...times), Math.max(...times)];
  const yTicks = niceTicks(Math.min(...values), Math.max(...values), 4);
  const [plotStart, plotEnd] = isRtl
    ? [width - MARGIN.axis, MARGIN.far]
    : [MARGIN.axis, width - MARGIN.far];
  const x = linear(start, end, plotStart, plotEnd);
  const y = linear(yTicks[0]!, yTicks.at(-1)!, HEIGHT - MARGIN.bottom, MARGIN.top);
  // About one date every 90 px, on calendar boundaries; a label equal to the one before it is
  // left out.
  const time = calendarTicks(start, end, Math.max(2, Math.floor(width / 90)));
  const dateFormat = dateTimeFormat(language, time.format);
  const xTicks = time.ticks
    .map((at) => ({ at, label: dateFormat.format(at) }))
    .filter((tick, index, ticks) => index === 0 || tick.label !== ticks[index - 1]!.label);

  return (
    <div ref={ref} className={styles.chart}>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className={styles.svg}
        // Physical anchors: the axes are placed by hand for each reading direction.
        direction="ltr"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {yTicks.map((tick) => (
          <g key={tick} className={styles.grid}>
            <line x1={plotStart} x2={plotEnd} y1={y(tick)} y2={y(tick)} />
            <text
              x={isRtl ? plotStart + 6 : plotStart - 6}
              y={y(tick)}
              dominantBaseline="middle"
              textAnchor={isRtl ? 'start' : 'end'}
            >
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {xTicks.map((tick) => (
          <text
            key={tick.at}
            className={styles.tick}
            x={x(tick.at)}
            y={HEIGHT - 8}
            textAnchor={xAnchor(x(tick.at), width)}
          >
            {tick.label}
          </text>
        ))}
        {lines.map((line) => (
          <g key={line.tone}>
            <polyline
              className={`${styles.line} ${styles[line.tone]}`}
              points={line.values.map((point) => `${x(point.at)},${y(point.value)}`).join(' ')}
            />
            {line.values.length <= MARKERS_MAX &&
              line.values.map((point) => (
                <Marker key={point.at} tone={line.tone} x={x(point.at)} y={y(point.value)} />
              ))}
          </g>
        ))}
      </svg>
    </div>
  );
}

/** Dates at the edges are kept inside the picture. */
function xAnchor(position: number, width: number): 'start' | 'middle' | 'end' {
  if (position < 40) return 'start';
  if (position > width - 40) return 'end';
  return 'middle';
}
