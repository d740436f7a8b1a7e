import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PLANS } from '@vuxo/shared/plans';
import type { UserPlan } from '@vuxo/shared/schemas';
import { PlanStatusCard } from '../../src/features/dashboard/components/plan-status-card';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

afterEach(cleanup);

describe('the plan status card', () => {
  it('shows the plan running now, when it ends, and the cheaper plan queued after it', () => {
    const plan: UserPlan = {
      planName: 'Pro',
      limits: { currentBots: 4, maxBots: 10, documentMaxBytes: PLANS.pro.documentMaxBytes },
      activeUntil: '2026-12-26T12:00:00.000Z',
      nextPlan: {
        planName: 'Basic',
        startsAt: '2026-12-26T12:00:00.000Z',
        endsAt: '2027-01-26T12:00:00.000Z',
      },
    };
    const router = createMemoryRouter([
      { path: '/', element: <PlanStatusCard plan={plan} pending={false} /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Pro')).toBeTruthy();
    expect(screen.getByText(`Paid until ${day(plan.activeUntil!)}`)).toBeTruthy();
    expect(
      screen.getByText(`Then Basic from ${day(plan.nextPlan!.startsAt)} until ${day(plan.nextPlan!.endsAt)}`),
    ).toBeTruthy();
  });
});
