import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { API } from '@vuxo/shared/api';
import { PAYMENT_MSG } from '@vuxo/shared/messages';
import { PLANS } from '@vuxo/shared/plans';
import { ROUTES } from '@vuxo/shared/routes';
import type { ClientConfig, PlanChange } from '@vuxo/shared/schemas';
import { provideAppConfig } from '../../src/app/config';
import { AuthContext } from '../../src/features/auth/auth-context';
import type { AuthState } from '../../src/features/auth/auth-types';
import { LocalCheckout } from '../../src/features/payment/local-checkout';
import { formatDay } from '../../src/features/payment/plan-change-note';

provideAppConfig({
  stripePublishableKey: '',
  stripePrices: { basic: 'price_basic_monthly', pro: 'price_pro_monthly' },
} as unknown as ClientConfig);

const owner = {
  status: 'ready',
  user: { uid: 'u1', displayName: 'Olive', email: 'olive@example.com', emailVerified: true },
  getIdToken: async () => 'token',
} as unknown as AuthState;

function renderCheckout(planKey: 'basic' | 'pro') {
  const router = createMemoryRouter(
    [{ path: ROUTES.payment, element: <LocalCheckout plan={PLANS[planKey]} resumeDelete={null} /> }],
    { initialEntries: [ROUTES.payment] },
  );
  render(
    <AuthContext.Provider value={owner}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
}

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the checkout's note on paid time, before paying", () => {
  it('says how much of the unused Basic plan is added to Pro, and until when Pro runs', async () => {
    const change: PlanChange = {
      kind: 'upgrade',
      planName: 'Pro',
      startsAt: '2026-11-26T12:00:00.000Z',
      endsAt: '2027-01-20T12:00:00.000Z',
      current: { planName: 'Basic', endsAt: '2027-02-10T12:00:00.000Z' },
      credited: { planName: 'Basic', cents: 8420, days: 51.55 },
    };
    const fetchMock = answer(200, change);
    renderCheckout('pro');
    const text = `The unused part of your Basic plan (52 days of Pro) is added to Pro: it runs until ${formatDay(change.endsAt)}.`;
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      `${API.planChange}?plan=pro`,
      expect.objectContaining({ method: 'GET' }),
    );
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token');
  });

  it('says that Pro stays active and when Basic starts', async () => {
    const change: PlanChange = {
      kind: 'queued',
      planName: 'Basic',
      startsAt: '2026-12-26T12:00:00.000Z',
      endsAt: '2027-01-26T12:00:00.000Z',
      current: { planName: 'Pro', endsAt: '2026-12-26T12:00:00.000Z' },
      credited: null,
    };
    answer(200, change);
    renderCheckout('basic');
    const day = formatDay(change.startsAt);
    const text = `Your Pro plan stays active until ${day}; this Basic month starts on ${day} and runs until ${formatDay(change.endsAt)}.`;
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('states the rule when the server cannot be asked', async () => {
    answer(500, { error: 'down' });
    renderCheckout('basic');
    expect(await screen.findByText(PAYMENT_MSG.planChangeRule)).toBeTruthy();
  });
});
