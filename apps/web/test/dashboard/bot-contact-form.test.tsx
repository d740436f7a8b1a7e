import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { API } from '@vuxo/shared/api';
import type { ContactChoice } from '@vuxo/shared/bot';
import { CONTACT_CHOICE_MSG, CONTACT_MSG } from '@vuxo/shared/messages';
import { AuthContext } from '../../src/features/auth/auth-context';
import type { AuthState } from '../../src/features/auth/auth-types';
import { BotContactForm } from '../../src/features/dashboard/components/bot-contact-form';

/** The 'No contact' card's name, its hint following. */
const NONE = new RegExp(`^${CONTACT_CHOICE_MSG.none}`);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(
  reply: { status: number; body: unknown },
  initial: { choice: ContactChoice; email: string } = { choice: 'other', email: 'olive@example.com' },
) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const auth = {
    getIdToken: vi.fn(async () => 'token-1'),
    user: { uid: 'u1', displayName: 'Olive', email: 'olive@example.com', emailVerified: true },
  } as unknown as AuthState;
  const onSaved = vi.fn();
  render(
    <AuthContext.Provider value={auth}>
      <BotContactForm
        botId="bot_1"
        initialChoice={initial.choice}
        initialEmail={initial.email}
        onSaved={onSaved}
      />
    </AuthContext.Provider>,
  );
  const field = () =>
    screen.getByRole('textbox', { name: CONTACT_CHOICE_MSG.otherField }) as HTMLInputElement;
  const choose = (name: string | RegExp) => fireEvent.click(screen.getByRole('radio', { name }));
  const save = () => fireEvent.click(screen.getByRole('button', { name: CONTACT_MSG.save }));
  const sent = (call = 0) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as unknown;
  return { fetchMock, onSaved, field, choose, save, sent };
}

describe("the bot's contact form", () => {
  it('starts from the contact as it stands and saves the trimmed address', async () => {
    const { fetchMock, onSaved, field, save } = setup({ status: 200, body: { success: true } });
    expect(field().value).toBe('olive@example.com');
    fireEvent.change(field(), { target: { value: '  help@olive-shop.example ' } });
    save();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(CONTACT_MSG.saved));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(API.updateBotSettings);
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    expect(JSON.parse(String(init?.body))).toEqual({
      botId: 'bot_1',
      contactChoice: 'other',
      contactEmail: 'help@olive-shop.example',
    });
    expect(field().value).toBe('help@olive-shop.example');
    expect(onSaved).toHaveBeenCalledWith({ contactChoice: 'other', contactEmail: 'help@olive-shop.example' });
  });

  it('switches to no contact, then back to the sign-in email, as the wizard asks it', async () => {
    const { onSaved, choose, save, sent } = setup({ status: 200, body: { success: true } });
    choose(NONE);
    expect(screen.queryByRole('textbox')).toBeNull();
    save();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(CONTACT_MSG.savedNone));
    expect(sent(0)).toEqual({ botId: 'bot_1', contactChoice: 'none' });
    expect(onSaved).toHaveBeenLastCalledWith({ contactChoice: 'none', contactEmail: null });

    choose(CONTACT_CHOICE_MSG.signIn('olive@example.com'));
    save();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(CONTACT_MSG.saved));
    expect(sent(1)).toEqual({ botId: 'bot_1', contactChoice: 'sign-in' });
    expect(onSaved).toHaveBeenLastCalledWith({ contactChoice: 'sign-in', contactEmail: 'olive@example.com' });
  });

  it('starts from no contact when that was the choice', () => {
    setup({ status: 200, body: { success: true } }, { choice: 'none', email: '' });
    const none = screen.getByRole('radio', { name: NONE }) as HTMLInputElement;
    expect(none.checked).toBe(true);
  });

  it('refuses a bad address with the shared message before calling the server', async () => {
    const { fetchMock, onSaved, field, save } = setup({ status: 200, body: { success: true } });
    for (const [value, message] of [
      ['not an email', CONTACT_MSG.invalid],
      ['   ', CONTACT_MSG.required],
    ] as const) {
      fireEvent.change(field(), { target: { value } });
      save();
      expect(screen.getByText(message)).toBeTruthy();
      expect(field().getAttribute('aria-invalid')).toBe('true');
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    const { onSaved, field, save } = setup({ status: 404, body: { error: 'Bot not found.' } });
    fireEvent.change(field(), { target: { value: 'help@olive-shop.example' } });
    save();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(CONTACT_MSG.saveFailed('Bot not found.')),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
