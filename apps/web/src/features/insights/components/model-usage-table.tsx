import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import type { BotAnalyticsResponse } from '@vuxo/shared/schemas';
import styles from '../insights-page.module.css';

type ModelUsageDay = NonNullable<BotAnalyticsResponse['modelUsage']>[number];

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const number = new Intl.NumberFormat('en-US');

/** The language model's tokens and fallbacks per day, newest first (shown only when a model answers). */
export function ModelUsageTable({ days }: { days: ModelUsageDay[] }) {
  return (
    <>
      <h3 className={styles.subhead} id="model-usage-title">
        {INSIGHTS_MSG.modelUsageTitle}
      </h3>
      <p className={styles.meta}>{INSIGHTS_MSG.modelUsageLead}</p>
      <table className={styles.table} aria-labelledby="model-usage-title">
        <thead>
          <tr>
            {INSIGHTS_MSG.modelUsageColumns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.date}>
              <th scope="row">{dayLabel.format(new Date(`${day.date}T00:00:00Z`))}</th>
              <td>{number.format(day.answers)}</td>
              <td>{number.format(day.promptTokens)}</td>
              <td>{number.format(day.cachedTokens)}</td>
              <td>{number.format(day.completionTokens)}</td>
              <td>{number.format(day.fallbacks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
