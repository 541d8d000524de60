import type { ChartLine } from './vitals-chart.tsx';
import styles from './vitals.module.css';

/** Which line is which: the same colour, marker and dash as in the chart. */
export function VitalsLegend({ lines }: { lines: ChartLine[] }) {
  if (lines.length < 2) return null;
  return (
    <ul className={styles.legend}>
      {lines.map((line) => (
        <li key={line.tone}>
          <svg className={styles.swatch} width="28" height="12" aria-hidden="true">
            <line className={`${styles.line} ${styles[line.tone]}`} x1="0" x2="28" y1="6" y2="6" />
            {line.tone === 'diastolic' ? (
              <rect className={styles[line.tone]} x="10.5" y="2.5" width="7" height="7" />
            ) : (
              <circle className={styles[line.tone]} cx="14" cy="6" r="3.5" />
            )}
          </svg>
          {line.label}
        </li>
      ))}
    </ul>
  );
}
