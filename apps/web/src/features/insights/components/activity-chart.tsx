import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import styles from '../insights-page.module.css';

export interface Bar {
  /** The axis label ("Nov 25", "2026-11", "14"). */
  label: string;
  answered: number;
  declined: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/**
 * A stacked bar chart in plain SVG (answered below, not answered above), read out as one sentence and
 * given in full as a table for anyone who cannot see it.
 */
export function ActivityChart({ title, unit, bars }: { title: string; unit: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((bar) => bar.answered + bar.declined));
  const width = WIDTH / bars.length;
  const answered = bars.reduce((sum, bar) => sum + bar.answered, 0);
  const declined = bars.reduce((sum, bar) => sum + bar.declined, 0);
  const scale = (value: number) => (value / max) * (HEIGHT - 4);
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${title}: ${answered} ${INSIGHTS_MSG.answeredLegend.toLowerCase()}, ${declined} ${INSIGHTS_MSG.declinedLegend.toLowerCase()}`}
      >
        {bars.map((bar, i) => {
          const a = scale(bar.answered);
          const d = scale(bar.declined);
          const x = i * width + GAP / 2;
          return (
            <g key={bar.label}>
              <rect className={styles.answeredBar} x={x} y={HEIGHT - a} width={width - GAP} height={a} />
              <rect className={styles.declinedBar} x={x} y={HEIGHT - a - d} width={width - GAP} height={d} />
            </g>
          );
        })}
      </svg>
      <p className={styles.axis} aria-hidden="true">
        <span>{bars[0]?.label}</span>
        <span>{bars.at(-1)?.label}</span>
      </p>
      <p className={styles.legend} aria-hidden="true">
        <span className={styles.answeredKey}>{INSIGHTS_MSG.answeredLegend}</span>
        <span className={styles.declinedKey}>{INSIGHTS_MSG.declinedLegend}</span>
      </p>
      <details>
        <summary>{INSIGHTS_MSG.showTable}</summary>
        <table className={styles.table}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{unit}</th>
              <th scope="col">{INSIGHTS_MSG.answeredLegend}</th>
              <th scope="col">{INSIGHTS_MSG.declinedLegend}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{bar.answered}</td>
                <td>{bar.declined}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
