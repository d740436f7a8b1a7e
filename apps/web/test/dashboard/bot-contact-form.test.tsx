import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { API } from '@vuxo/shared/api';
import { CONTACT_MSG } from '@vuxo/shared/messages';
import { AuthContext } from '../../src/features/auth/auth-context';
import type { AuthState } from '../../src/features/auth/auth-types';
import { BotContactForm } from '../../src/features/dashboard/components/bot-contact-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(reply: { status: number; body: unknown }) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const auth = { getIdToken: vi.fn(async () => 'token-1') } as unknown as AuthState;
  const onSaved = vi.fn();
  render(
    <AuthContext.Provider value={auth}>
      <BotContactForm botId="bot_1" initialEmail="olive@example.com" onSaved={onSaved} />
    </AuthContext.Provider>,
  );
  const field = screen.getByRole('textbox', { name: CONTACT_MSG.label }) as HTMLInputElement;
  const save = () => fireEvent.click(screen.getByRole('button', { name: CONTACT_MSG.save }));
  return { fetchMock, onSaved, field, save };
}

describe("the bot's contact form", () => {
  it('starts from the contact as it stands and saves the trimmed address', async () => {
    const { fetchMock, onSaved, field, save } = setup({ status: 200, body: { success: true } });
    expect(field.value).toBe('olive@example.com');
    fireEvent.change(field, { target: { value: '  help@olive-shop.example ' } });
    save();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(CONTACT_MSG.saved));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(API.updateBotSettings);
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    expect(JSON.parse(String(init?.body))).toEqual({
      botId: 'bot_1',
      contactEmail: 'help@olive-shop.example',
    });
    expect(field.value).toBe('help@olive-shop.example');
    expect(onSaved).toHaveBeenCalledWith('help@olive-shop.example');
  });

  it('refuses a bad address with the shared message before calling the server', async () => {
    const { fetchMock, onSaved, field, save } = setup({ status: 200, body: { success: true } });
    for (const [value, message] of [
      ['not an email', CONTACT_MSG.invalid],
      ['   ', CONTACT_MSG.required],
    ]) {
      fireEvent.change(field, { target: { value } });
      save();
      expect(screen.getByRole('status').textContent).toBe(message);
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    const { onSaved, field, save } = setup({ status: 404, body: { error: 'Bot not found.' } });
    fireEvent.change(field, { target: { value: 'help@olive-shop.example' } });
    save();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(CONTACT_MSG.saveFailed('Bot not found.')),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
