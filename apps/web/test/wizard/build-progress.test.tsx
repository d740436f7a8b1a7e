import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { API } from '@vuxo/shared/api';
import type { BotSummary } from '@vuxo/shared/schemas';
import { AuthContext } from '../../src/features/auth/auth-context';
import type { AuthState } from '../../src/features/auth/auth-types';
import { useBuildProgress } from '../../src/features/wizard/hooks/use-build-progress';

const owner = {
  user: { uid: 'u1', displayName: 'Olive', email: 'olive@example.com', emailVerified: true },
  getIdToken: async () => 'token',
} as unknown as AuthState;

function Phase({ botId }: { botId: string | null }) {
  const build = useBuildProgress(botId);
  return <p>{build.phase === 'failed' ? `failed: ${build.reason}` : build.phase}</p>;
}

/** The owner's bot list as the server answers it, one status after another. */
function serverWith(statuses: { status: string; statusReason?: string }[]) {
  let call = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toContain(API.listBots);
    const now = statuses[Math.min(call++, statuses.length - 1)]!;
    const bot: BotSummary = {
      botId: 'bot_1',
      botName: 'Olive Helper',
      botImageUrl: null,
      createdAt: '2026-12-07T08:00:00.000Z',
      shareId: 'bot_1',
      themeId: 'default',
      contactEmail: 'olive@example.com',
      contactChoice: 'sign-in',
      welcomeMessage: 'Hello!',
      chatbotTone: 'friendly',
      creativityLevel: 'balanced',
      ...now,
    };
    return new Response(JSON.stringify({ bots: [bot] }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the wizard’s last screen follows the build', () => {
  it('reads learning while the bot is configuring, then ready, and stops asking', async () => {
    const fetchMock = serverWith([
      { status: 'configuring' },
      { status: 'pending_cag' },
      { status: 'cag_generated' },
    ]);
    render(
      <AuthContext.Provider value={owner}>
        <Phase botId="bot_1" />
      </AuthContext.Provider>,
    );
    expect(screen.getByText('learning')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('ready')).toBeTruthy(), { timeout: 6000 });
    const asked = fetchMock.mock.calls.length;
    expect(asked).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(fetchMock.mock.calls.length).toBe(asked);
  }, 15_000);

  it('reads failed with the build’s reason', async () => {
    serverWith([{ status: 'error', statusReason: 'The document has no text.' }]);
    render(
      <AuthContext.Provider value={owner}>
        <Phase botId="bot_1" />
      </AuthContext.Provider>,
    );
    await waitFor(() => expect(screen.getByText('failed: The document has no text.')).toBeTruthy());
  });

  it('asks nothing before the bot is saved', () => {
    const fetchMock = serverWith([{ status: 'configuring' }]);
    render(
      <AuthContext.Provider value={owner}>
        <Phase botId={null} />
      </AuthContext.Provider>,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
