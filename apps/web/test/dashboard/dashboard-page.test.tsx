import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { DASHBOARD_ORIGIN_LABEL } from '@vuxo/shared/routes';
import { PLANS } from '@vuxo/shared/plans';
import type { BotSummary, UserPlan } from '@vuxo/shared/schemas';
import { AuthContext } from '../../src/features/auth/auth-context';
import type { AuthState } from '../../src/features/auth/auth-types';
import { DashboardPage } from '../../src/features/dashboard/dashboard-page';

const bot = (overrides: Partial<BotSummary> = {}): BotSummary => ({
  botId: 'bot_harbour0001',
  botName: 'Harbour Helper',
  botImageUrl: null,
  status: 'cag_generated',
  createdAt: '2026-03-04T10:00:00.000Z',
  shareId: 'share0000000001',
  themeId: 'default',
  statusReason: null,
  contactEmail: 'olive@example.com',
  contactChoice: 'sign-in',
  welcomeMessage: 'Hello! Ask me about the harbour.',
  chatbotTone: 'friendly',
  creativityLevel: 'balanced',
  ...overrides,
});
const paid: UserPlan = {
  planName: 'Basic',
  limits: { currentBots: 2, maxBots: 3, documentMaxBytes: PLANS.basic.documentMaxBytes },
};
const trial: UserPlan = {
  planName: 'free trial',
  limits: { currentBots: 1, maxBots: 1, documentMaxBytes: PLANS.trial.documentMaxBytes },
};

type Reply = { status?: number; body?: unknown };
interface Server {
  bots: () => Reply;
  plan: () => Reply;
  remove?: () => Reply;
  keepLive?: () => Reply;
}

function json({ status = 200, body }: Reply): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setup(server: Server, options: { state?: unknown; signedIn?: boolean } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/list-user-bots')) return json(server.bots());
    if (url.endsWith('/api/get-user-plan-status')) return json(server.plan());
    if (url.endsWith('/api/delete-bot') && init?.method === 'POST') return json(server.remove!());
    if (url.endsWith('/api/keep-bot-live') && init?.method === 'POST') return json(server.keepLive!());
    throw new Error(`unexpected fetch ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  const getIdToken = vi.fn(async () => `token-${getIdToken.mock.calls.length}`);
  const auth: AuthState = {
    status: 'ready',
    user:
      options.signedIn === false
        ? null
        : { uid: 'u1', displayName: 'Olive', email: 'olive@example.com', emailVerified: true },
    error: null,
    signIn: vi.fn(),
    signOut: vi.fn(),
    getIdToken,
    refreshUser: vi.fn(),
    resendVerification: vi.fn(),
  };
  const page = (text: string) => <p>{text}</p>;
  const router = createMemoryRouter(
    [
      { path: '/dashboard/bots', element: <DashboardPage /> },
      { path: '/plans', element: page('Plans page') },
      { path: '/wizard', element: page('Wizard page') },
      { path: '/workflow/chat', element: page('Chat page') },
    ],
    { initialEntries: [{ pathname: '/dashboard/bots', state: options.state ?? null }] },
  );
  render(
    <AuthContext.Provider value={auth}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return { fetchMock, getIdToken, router };
}

const planCard = () => screen.getByRole('region', { name: 'Your plan' });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the dashboard page', () => {
  it('loads the list and the plan in parallel, each with a fresh force-refreshed token and JSON headers', async () => {
    const { fetchMock, getIdToken } = setup({
      bots: () => ({ body: { bots: [bot()] } }),
      plan: () => ({ body: { success: true, userPlan: paid } }),
    });
    expect(screen.getByRole('status', { name: 'Loading bots' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Harbour Helper' })).toBeTruthy();
    expect(getIdToken.mock.calls.slice(0, 2)).toEqual([[true], [true]]);
    const headers = fetchMock.mock.calls
      .slice(0, 2)
      .map(([, init]) => init?.headers as Record<string, string>);
    expect(headers.map((h) => h.Authorization).sort()).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(headers.every((h) => h['Content-Type'] === 'application/json')).toBe(true);
    expect(within(planCard()).getByText('Basic')).toBeTruthy();
    expect(planCard().textContent).toContain('2 / 3 bots used');
  });

  it("shows 'Bot' and 6 id characters for a missing name, its initial, and the not-ready tooltip", async () => {
    setup({
      bots: () => ({ body: { bots: [bot({ botName: '', status: 'configuring', botId: 'bot_xyz987654' })] } }),
      plan: () => ({ body: { userPlan: paid } }),
    });
    const card = await screen.findByRole('article', { name: 'Bot bot_xy' });
    expect(within(card).getByText('B')).toBeTruthy();
    expect(within(card).getByText('Configuring')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('70');
    const chat = within(card).getByRole('button', { name: 'Chat' });
    expect(chat.getAttribute('aria-disabled')).toBe('true');
    expect(within(card).getByRole('tooltip', { hidden: true }).textContent).toBe(
      DASHBOARD_MSG.notReady('Configuring'),
    );
    expect(screen.getByText(/Auto-refresh in/).textContent).toBe('Auto-refresh in 10s');
  });

  it('a load failure shows the red banner, empties the list and resets the plan to Free Trial 0/0', async () => {
    setup({
      bots: () => ({ status: 500, body: { error: 'Database unavailable' } }),
      plan: () => ({ body: { userPlan: paid } }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      DASHBOARD_MSG.loadFailed('Database unavailable'),
    );
    expect(within(planCard()).getByText('Free Trial')).toBeTruthy();
    expect(planCard().textContent).toContain('0 / 0 bots used');
    expect(screen.queryByRole('article')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uses the status when the server sends no error field', async () => {
    setup({ bots: () => ({ body: { bots: [] } }), plan: () => ({ status: 502 }) });
    expect((await screen.findByRole('alert')).textContent).toBe(
      DASHBOARD_MSG.loadFailed(DASHBOARD_MSG.fetchPlanFailed(502)),
    );
  });

  it("without a user shows 'Authentication required to view bots.' and calls nothing", async () => {
    const { fetchMock } = setup({ bots: () => ({}), plan: () => ({}) }, { signedIn: false });
    expect((await screen.findByRole('alert')).textContent).toBe(DASHBOARD_MSG.authRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on the Free Trial (any case) Delete opens Upgrade Required, and View Plans carries the state (decision 101)', async () => {
    const { router, fetchMock } = setup({
      bots: () => ({ body: { bots: [bot()] } }),
      plan: () => ({ body: { userPlan: { ...trial, planName: 'FREE TRIAL' } } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Harbour Helper' }));
    const dialog = screen.getByRole('dialog', { name: DASHBOARD_MSG.upgradeTitle });
    expect(dialog.textContent).toContain(DASHBOARD_MSG.upgradeText);
    fireEvent.click(within(dialog).getByRole('button', { name: 'View Plans' }));
    await screen.findByText('Plans page');
    expect(router.state.location.state).toEqual({
      from: DASHBOARD_ORIGIN_LABEL,
      attemptedAction: 'delete',
      botId: 'bot_harbour0001',
      botName: 'Harbour Helper',
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/delete-bot'))).toBe(false);
  });

  it('a paused bot shows Paused, why, and Keep live, which saves the choice and reloads the list', async () => {
    let bots = [
      bot({ botId: 'bot_second00001', botName: 'Second Helper', paused: true }),
      bot({ paused: false }),
    ];
    const { fetchMock } = setup({
      bots: () => ({ body: { bots } }),
      plan: () => ({ body: { userPlan: { ...trial, limits: { ...trial.limits, currentBots: 2 } } } }),
      keepLive: () => {
        bots = [
          { ...bots[0]!, paused: false },
          { ...bots[1]!, paused: true },
        ];
        return { body: { success: true } };
      },
    });
    const paused = await screen.findByRole('article', { name: 'Second Helper' });
    expect(within(paused).getByText(DASHBOARD_MSG.paused)).toBeTruthy();
    expect(within(paused).getByText(DASHBOARD_MSG.pausedReason)).toBeTruthy();
    const live = screen.getByRole('article', { name: 'Harbour Helper' });
    expect(within(live).queryByText(DASHBOARD_MSG.paused)).toBeNull();
    expect(within(live).queryByRole('button', { name: /Keep live/ })).toBeNull();

    fireEvent.click(within(paused).getByRole('button', { name: 'Keep live: Second Helper' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Harbour Helper' })).queryByText(DASHBOARD_MSG.paused),
      ).toBeTruthy(),
    );
    expect(
      within(screen.getByRole('article', { name: 'Second Helper' })).queryByText(DASHBOARD_MSG.paused),
    ).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/keep-bot-live'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ botId: 'bot_second00001' });
  });

  it('on a paid plan confirms, deletes, decrements the count and clears activeDocId', async () => {
    let remaining = [bot(), bot({ botId: 'bot_other000001', botName: 'Other Bot' })];
    const server: Server = {
      bots: () => ({ body: { bots: remaining } }),
      plan: () => ({ body: { userPlan: paid } }),
      remove: () => {
        remaining = remaining.slice(1);
        return { body: { success: true } };
      },
    };
    const { fetchMock } = setup(server);
    sessionStorage.setItem('activeDocId', 'bot_harbour0001');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Harbour Helper' }));
    const dialog = screen.getByRole('dialog', { name: DASHBOARD_MSG.confirmTitle });
    expect(dialog.textContent).toContain(DASHBOARD_MSG.confirmText('Harbour Helper'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Bot' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Harbour Helper' })).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(planCard().textContent).toContain('1 / 3 bots used');
    expect(sessionStorage.getItem('activeDocId')).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/delete-bot'))!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ botId: 'bot_harbour0001' });
  });

  it('a failed delete shows the warning and closes the dialog', async () => {
    setup({
      bots: () => ({ body: { bots: [bot()] } }),
      plan: () => ({ body: { userPlan: paid } }),
      remove: () => ({ status: 500 }),
    });
    sessionStorage.setItem('activeDocId', 'bot_harbour0001');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Harbour Helper' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Bot' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      DASHBOARD_MSG.deleteFailed(DASHBOARD_MSG.deleteFailedStatus(500)),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('article', { name: 'Harbour Helper' })).toBeTruthy();
    expect(sessionStorage.getItem('activeDocId')).toBe('bot_harbour0001');
  });

  it('resumeDelete opens the confirmation for that bot', async () => {
    setup(
      { bots: () => ({ body: { bots: [bot()] } }), plan: () => ({ body: { userPlan: paid } }) },
      { state: { resumeDelete: { botId: 'bot_harbour0001', botName: 'Harbour Helper' } } },
    );
    const dialog = await screen.findByRole('dialog', { name: DASHBOARD_MSG.confirmTitle });
    expect(dialog.textContent).toContain(DASHBOARD_MSG.confirmText('Harbour Helper'));
  });

  it('at the cap Create New Bot warns and stays; below it, it opens the wizard', async () => {
    const { router } = setup({
      bots: () => ({ body: { bots: [bot()] } }),
      plan: () => ({ body: { userPlan: trial } }),
    });
    await screen.findByRole('article', { name: 'Harbour Helper' });
    const create = screen.getByRole('button', { name: 'Create New Bot' });
    expect(create.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('tooltip', { hidden: true }).textContent).toBe(DASHBOARD_MSG.limitTooltip(1));
    fireEvent.click(create);
    expect((await screen.findByRole('alert')).textContent).toBe(DASHBOARD_MSG.limitWarning(1));
    expect(router.state.location.pathname).toBe('/dashboard/bots');
  });

  it('Chat stores activeDocId and opens /workflow/chat with it; Enter on a ready card does too', async () => {
    const { router } = setup({
      bots: () => ({ body: { bots: [bot()] } }),
      plan: () => ({ body: { userPlan: paid } }),
    });
    const card = await screen.findByRole('article', { name: 'Harbour Helper' });
    fireEvent.keyDown(card, { key: 'Enter' });
    await screen.findByText('Chat page');
    expect(sessionStorage.getItem('activeDocId')).toBe('bot_harbour0001');
    expect(router.state.location.state).toEqual({ activeDocId: 'bot_harbour0001' });
  });

  it('the new-bot notice goes after 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(
      { bots: () => ({ body: { bots: [] } }), plan: () => ({ body: { userPlan: paid } }) },
      { state: { newBot: { botId: 'bot_new', botName: 'Fresh Helper' } } },
    );
    const notice = await screen.findByText(DASHBOARD_MSG.newBotNotice('Fresh Helper'));
    expect(notice).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(9_000));
    expect(screen.queryByText(DASHBOARD_MSG.newBotNotice('Fresh Helper'))).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(1_100));
    expect(screen.queryByText(DASHBOARD_MSG.newBotNotice('Fresh Helper'))).toBeNull();
  });
});
