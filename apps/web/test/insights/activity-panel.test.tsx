import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import type { BotAnalyticsResponse } from '@vuxo/shared/schemas';
import { ActivityPanel } from '../../src/features/insights/components/activity-panel';
import type { InsightsApi } from '../../src/features/insights/insights-api';

afterEach(cleanup);

function show(reply: BotAnalyticsResponse) {
  const api = { analytics: vi.fn(async () => reply) } as unknown as InsightsApi;
  render(
    <MemoryRouter>
      <ActivityPanel api={api} onError={() => undefined} />
    </MemoryRouter>,
  );
}

describe("the owner's activity panel", () => {
  it('shows the language model’s tokens and fallbacks per day, newest first, on any plan', async () => {
    show({
      level: 'none',
      days: [],
      topics: [],
      modelUsage: [
        {
          date: '2026-11-24',
          answers: 3,
          promptTokens: 17000,
          cachedTokens: 16000,
          completionTokens: 420,
          fallbacks: 0,
        },
        {
          date: '2026-11-25',
          answers: 12,
          promptTokens: 68450,
          cachedTokens: 65008,
          completionTokens: 1504,
          fallbacks: 2,
        },
      ],
    });
    const table = await screen.findByRole('table', { name: INSIGHTS_MSG.modelUsageTitle });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      INSIGHTS_MSG.modelUsageColumns.join(''),
      'Nov 25' + '12' + '68,450' + '65,008' + '1,504' + '2',
      'Nov 24' + '3' + '17,000' + '16,000' + '420' + '0',
    ]);
    expect(screen.getByText(INSIGHTS_MSG.activityUpgrade)).toBeTruthy();
  });

  it('shows no model table when no model answers', async () => {
    show({ level: 'none', days: [], topics: [] });
    await screen.findByText(INSIGHTS_MSG.activityUpgrade);
    expect(screen.queryByRole('table', { name: INSIGHTS_MSG.modelUsageTitle })).toBeNull();
  });
});
