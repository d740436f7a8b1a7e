import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PLANS } from '@vuxo/shared/plans';
import { ROUTES } from '@vuxo/shared/routes';
import { sourceRefreshText } from '@vuxo/shared/sources';
import { PlansPage } from '../../src/features/plans/plans-page';

afterEach(cleanup);

function renderPlans() {
  const router = createMemoryRouter([{ path: ROUTES.plans, element: <PlansPage /> }], {
    initialEntries: [ROUTES.plans],
  });
  render(<RouterProvider router={router} />);
}

/** The plan card headed by the plan's name. */
const card = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('li')!;

describe('the plan cards', () => {
  it('say how often each plan reads its website pages again, from the plan table', () => {
    renderPlans();
    expect(within(card('Free Trial')).getByText('No website re-reading')).toBeTruthy();
    expect(within(card('Basic')).getByText('Website pages re-read weekly')).toBeTruthy();
    expect(within(card('Pro')).getByText('Website pages re-read daily')).toBeTruthy();
    expect(
      within(card('Enterprise')).getByText(sourceRefreshText(PLANS.enterprise.sources.refreshEverySeconds)),
    ).toBeTruthy();
  });
});
