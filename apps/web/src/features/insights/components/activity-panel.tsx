import { useEffect, useState } from 'react';
import { LIVE_OWNER_MSG } from '@vuxo/shared/live';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import type { BotAnalyticsResponse } from '@vuxo/shared/schemas';
import { Button, ButtonLink } from '../../../components/ui/button';
import type { InsightsApi } from '../insights-api';
import { ActivityChart } from './activity-chart';
import { ModelUsageTable } from './model-usage-table';
import styles from '../insights-page.module.css';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The bot's activity as the owner's plan includes it, or the way to a plan that does. */
export function ActivityPanel({ api, onError }: { api: InsightsApi; onError: (message: string) => void }) {
  const [data, setData] = useState<BotAnalyticsResponse | null>(null);
  useEffect(() => {
    let live = true;
    api.analytics().then(
      (reply) => live && setData(reply),
      (error: Error) => live && onError(error.message),
    );
    return () => {
      live = false;
    };
  }, [api, onError]);
  if (!data) return null;

  return (
    <section className={styles.card} aria-labelledby="activity-title">
      <div className={styles.cardHead}>
        <h2 id="activity-title">{INSIGHTS_MSG.activityTitle}</h2>
        {data.level === 'advanced' && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void api.downloadFigures().catch((e: Error) => onError(e.message))}
          >
            {INSIGHTS_MSG.exportFigures}
          </Button>
        )}
      </div>
      {data.level === 'none' ? (
        <>
          <p className={styles.lead}>{INSIGHTS_MSG.activityUpgrade}</p>
          <ButtonLink to={ROUTES.plans} size="sm" className={styles.start}>
            {INSIGHTS_MSG.seePlans}
          </ButtonLink>
        </>
      ) : (
        <>
          <ActivityChart
            title={INSIGHTS_MSG.days30Title}
            unit="Day"
            bars={data.days.map((day) => ({
              ...day,
              label: dayLabel.format(new Date(`${day.date}T00:00:00Z`)),
            }))}
          />
          {data.months && (
            <ActivityChart
              title={INSIGHTS_MSG.months12Title}
              unit="Month"
              bars={data.months.map((m) => ({
                ...m,
                label: monthLabel.format(new Date(`${m.month}-01T00:00:00Z`)),
              }))}
            />
          )}
          {data.hours && (
            <ActivityChart
              title={INSIGHTS_MSG.hoursTitle}
              unit="Hour (UTC)"
              bars={data.hours.map((count, hour) => ({
                label: `${String(hour).padStart(2, '0')}:00`,
                answered: count,
                declined: 0,
              }))}
            />
          )}
          <h3 className={styles.subhead}>{INSIGHTS_MSG.topicsTitle}</h3>
          {data.topics.length === 0 ? (
            <p className={styles.empty}>{INSIGHTS_MSG.topicsEmpty}</p>
          ) : (
            <ol className={styles.topics}>
              {data.topics.map((topic) => (
                <li key={topic.text}>
                  <span>{topic.text}</span> <span className={styles.meta}>×{topic.count}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {data.ownerAnswers && <p className={styles.empty}>{LIVE_OWNER_MSG.ownerAnswers(data.ownerAnswers)}</p>}
      {data.modelUsage && <ModelUsageTable days={data.modelUsage} />}
    </section>
  );
}
