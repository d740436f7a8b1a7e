import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { API } from '@vuxo/shared/api';
import { CONTACT_CHOICE_MSG, CONTACT_MSG, DASHBOARD_MSG, WIZARD_MSG } from '@vuxo/shared/messages';
import { PLANS } from '@vuxo/shared/plans';
import type { BotSummary } from '@vuxo/shared/schemas';
import { AuthContext } from '../../src/features/auth/auth-context';
import type { AuthState } from '../../src/features/auth/auth-types';
import { DashboardPage } from '../../src/features/dashboard/dashboard-page';

const harbour: BotSummary = {
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
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(saveReply: () => Response = () => json({ success: true }), bot: BotSummary = harbour) {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith(API.listBots)) return json({ bots: [bot] });
      if (url.endsWith(API.planStatus)) {
        return json({
          success: true,
          userPlan: {
            planName: 'Basic',
            limits: { currentBots: 1, maxBots: 3, documentMaxBytes: PLANS.basic.documentMaxBytes },
          },
        });
      }
      if (url.endsWith(API.updateBotSettings) && init?.method === 'POST') {
        saved.push(JSON.parse(String(init.body)));
        return saveReply();
      }
      throw new Error(`unexpected fetch ${url}`);
    }),
  );
  const auth: AuthState = {
    status: 'ready',
    user: { uid: 'u1', displayName: 'Olive', email: 'olive@example.com', emailVerified: true },
    error: null,
    signIn: vi.fn(),
    signOut: vi.fn(),
    getIdToken: vi.fn(async () => 'token'),
    refreshUser: vi.fn(),
    resendVerification: vi.fn(),
  };
  const router = createMemoryRouter([{ path: '/dashboard/bots', element: <DashboardPage /> }], {
    initialEntries: ['/dashboard/bots'],
  });
  render(
    <AuthContext.Provider value={auth}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
  return { saved };
}

async function openSettings() {
  const card = await screen.findByRole('article', { name: 'Harbour Helper' });
  fireEvent.click(within(card).getByRole('button', { name: DASHBOARD_MSG.editSettingsOf('Harbour Helper') }));
  return screen.findByRole('dialog', { name: DASHBOARD_MSG.settingsTitle('Harbour Helper') });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the bot’s settings from its card', () => {
  it('opens prefilled, saves the changes and shows the new name on the card', async () => {
    const { saved } = setup();
    const dialog = await openSettings();
    const name = within(dialog).getByRole('textbox', { name: 'Bot name' }) as HTMLInputElement;
    const welcome = within(dialog).getByRole('textbox', { name: 'Welcome message' }) as HTMLTextAreaElement;
    expect(name.value).toBe('Harbour Helper');
    expect(welcome.value).toBe('Hello! Ask me about the harbour.');
    expect((within(dialog).getByRole('radio', { name: /Friendly/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(name, { target: { value: 'Quay Bot' } });
    fireEvent.change(welcome, { target: { value: 'Ahoy! Ask about moorings.' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Formal/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: DASHBOARD_MSG.settingsSave }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual([
      {
        botId: 'bot_harbour0001',
        botName: 'Quay Bot',
        welcomeMessage: 'Ahoy! Ask about moorings.',
        chatbotTone: 'formal',
        creativityLevel: 'balanced',
        contactChoice: 'sign-in',
      },
    ]);
    expect(screen.getByRole('article', { name: 'Quay Bot' })).toBeTruthy();
  });

  it('asks for the contact as the wizard does, and saves no contact', async () => {
    const { saved } = setup();
    const dialog = await openSettings();
    const signIn = within(dialog).getByRole('radio', {
      name: CONTACT_CHOICE_MSG.signIn('olive@example.com'),
    });
    expect((signIn as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: new RegExp(`^${CONTACT_CHOICE_MSG.none}`) }));
    fireEvent.click(within(dialog).getByRole('button', { name: DASHBOARD_MSG.settingsSave }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual([expect.objectContaining({ botId: 'bot_harbour0001', contactChoice: 'none' })]);
    expect(saved[0]).not.toHaveProperty('contactEmail');
  });

  it('starts from another address when that was the choice, and refuses a bad one with the wizard’s message', async () => {
    const { saved } = setup(undefined, {
      ...harbour,
      contactChoice: 'other',
      contactEmail: 'desk@harbour.example',
    });
    const dialog = await openSettings();
    const field = within(dialog).getByRole('textbox', {
      name: CONTACT_CHOICE_MSG.otherField,
    }) as HTMLInputElement;
    expect(field.value).toBe('desk@harbour.example');
    fireEvent.change(field, { target: { value: 'the harbour desk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: DASHBOARD_MSG.settingsSave }));
    expect(await within(dialog).findByText(CONTACT_MSG.invalid)).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.change(field, { target: { value: ' quay@harbour.example ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: DASHBOARD_MSG.settingsSave }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual([
      expect.objectContaining({ contactChoice: 'other', contactEmail: 'quay@harbour.example' }),
    ]);
  });

  it('removes the avatar after asking, and the card shows the initial', async () => {
    const { saved } = setup(undefined, {
      ...harbour,
      botImageUrl: '/api/bot-avatar/bot_harbour0001?v=img_1',
    });
    const dialog = await openSettings();
    expect(within(dialog).getByRole('img', { name: 'Harbour Helper avatar' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove avatar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('img', { name: 'Harbour Helper avatar' })).toBeNull(),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: DASHBOARD_MSG.settingsSave }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved).toEqual([expect.objectContaining({ botId: 'bot_harbour0001', avatar: null })]);
    const card = screen.getByRole('article', { name: 'Harbour Helper' });
    expect(card.querySelector('img')).toBeNull();
  });

  it('shows the wizard’s messages for bad values and sends nothing', async () => {
    const { saved } = setup();
    const dialog = await openSettings();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Bot name' }), {
      target: { value: 'Quay <Bot>' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Welcome message' }), {
      target: { value: '   ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: DASHBOARD_MSG.settingsSave }));
    expect(await within(dialog).findByText(WIZARD_MSG.nameCharacters)).toBeTruthy();
    expect(within(dialog).getByText(WIZARD_MSG.welcomeRequired)).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    setup(() => json({ error: WIZARD_MSG.nameTooLong }, 400));
    const dialog = await openSettings();
    fireEvent.click(within(dialog).getByRole('button', { name: DASHBOARD_MSG.settingsSave }));
    expect(
      await within(dialog).findByText(DASHBOARD_MSG.settingsSaveFailed(WIZARD_MSG.nameTooLong)),
    ).toBeTruthy();
  });
});
