import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { API } from '@vuxo/shared/api';
import { PLANS } from '@vuxo/shared/plans';
import { ROUTES } from '@vuxo/shared/routes';
import type { ClientConfig } from '@vuxo/shared/schemas';
import { provideAppConfig } from '../../src/app/config';
import { AuthContext } from '../../src/features/auth/auth-context';
import type { AuthState } from '../../src/features/auth/auth-types';

/**
 * Stripe.js at its boundary: the page loads it from Stripe, which cannot be reached here, so `loadStripe`
 * gives a stand-in with Stripe.js's documented surface (elements, the card element, confirmCardPayment).
 */
const card = {
  mount: vi.fn(),
  destroy: vi.fn(),
  on: vi.fn(),
  off: vi.fn(),
  update: vi.fn(),
  unmount: vi.fn(),
};
const elements = { create: vi.fn(() => card), getElement: vi.fn(() => card), update: vi.fn() };
const confirmCardPayment = vi.fn();
const stripe = {
  elements: vi.fn(() => elements),
  createToken: vi.fn(),
  createPaymentMethod: vi.fn(),
  confirmCardPayment,
  registerAppInfo: vi.fn(),
  _registerWrapper: vi.fn(),
};
const loadStripe = vi.fn(async () => stripe);
vi.mock('@stripe/stripe-js', () => ({ loadStripe }));

const { default: StripeCheckout } = await import('../../src/features/payment/stripe-checkout');

provideAppConfig({
  stripePublishableKey: 'pk_test_page',
  stripePrices: { basic: 'price_basic_monthly', pro: 'price_pro_monthly' },
} as ClientConfig);

const owner = {
  status: 'ready',
  user: { uid: 'u1', displayName: 'Olive', email: 'olive@example.com', emailVerified: true },
  getIdToken: async () => 'token',
} as unknown as AuthState;

function renderCheckout() {
  const router = createMemoryRouter(
    [
      { path: ROUTES.payment, element: <StripeCheckout plan={PLANS.basic} resumeDelete={null} /> },
      { path: ROUTES.paymentSuccess, element: <p>Paid</p> },
    ],
    { initialEntries: [ROUTES.payment] },
  );
  render(
    <AuthContext.Provider value={owner}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return router;
}

function answerIntent() {
  const fetchMock = vi.fn(async () =>
    Response.json({ clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1' }, { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the checkout with a Stripe publishable key', () => {
  it("mounts Stripe's card element in en-CA and confirms the intent with the cardholder's name", async () => {
    const fetchMock = answerIntent();
    confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const router = renderCheckout();

    await waitFor(() => expect(card.mount).toHaveBeenCalled());
    expect(loadStripe).toHaveBeenCalledWith('pk_test_page', { locale: 'en-CA' });
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ locale: 'en-CA' }));
    expect(elements.create).toHaveBeenCalledWith('card', expect.objectContaining({ hidePostalCode: false }));

    fireEvent.change(screen.getByLabelText('Cardholder name'), { target: { value: 'Olive Owner' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.paymentSuccess));

    expect(fetchMock).toHaveBeenCalledWith(
      API.createPaymentIntent,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', {
      payment_method: { card, billing_details: { name: 'Olive Owner' } },
    });
  });

  it("shows Stripe's decline message in the red alert and stays on the page", async () => {
    answerIntent();
    confirmCardPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const router = renderCheckout();
    await waitFor(() => expect(card.mount).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    expect(router.state.location.pathname).toBe(ROUTES.payment);
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', {
      payment_method: { card, billing_details: { name: 'Anonymous' } },
    });
  });
});
