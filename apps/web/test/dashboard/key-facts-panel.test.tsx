import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { API } from '@vuxo/shared/api';
import { KEY_FACTS_MSG } from '@vuxo/shared/messages';
import { AuthContext } from '../../src/features/auth/auth-context';
import type { AuthState } from '../../src/features/auth/auth-types';
import { KeyFactsPanel } from '../../src/features/dashboard/components/key-facts-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FACTS = {
  phones: [{ number: '01949 728288', label: 'Reception' }],
  emails: ['info@olive-hair.example'],
  websites: [],
  address: null,
  hours: [{ day: 'sat', opens: '09:00', closes: '13:00' }],
  hoursNotes: [],
  prices: [{ item: "Women's cut", price: '$45', section: 'Cutting' }],
};

function setup(replies: { status: number; body: unknown }[]) {
  const queue = [...replies];
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const reply = queue.length > 1 ? queue.shift()! : queue[0]!;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const auth = { getIdToken: vi.fn(async () => 'token-1') } as unknown as AuthState;
  render(
    <AuthContext.Provider value={auth}>
      <KeyFactsPanel botId="bot_1" />
    </AuthContext.Provider>,
  );
  return { fetchMock };
}

const phoneField = () =>
  screen.getByRole('textbox', { name: `${KEY_FACTS_MSG.phoneNumber} 1` }) as HTMLInputElement;

describe('What your bot knows', () => {
  it("shows the document's facts, and a fact it does not give as not in the document", async () => {
    setup([{ status: 200, body: { ready: true, facts: FACTS, edited: [] } }]);
    expect(screen.getByRole('heading', { name: KEY_FACTS_MSG.title })).toBeTruthy();
    await waitFor(() => expect(phoneField().value).toBe('01949 728288'));
    expect(
      (screen.getByRole('textbox', { name: `${KEY_FACTS_MSG.email} 1` }) as HTMLInputElement).value,
    ).toBe('info@olive-hair.example');
    expect(
      (screen.getByRole('textbox', { name: `${KEY_FACTS_MSG.price} 1` }) as HTMLInputElement).value,
    ).toBe('$45');
    expect(
      (screen.getByRole('combobox', { name: `${KEY_FACTS_MSG.day} 1` }) as HTMLSelectElement).value,
    ).toBe('sat');
    // The website list is empty, the address too: never guessed.
    expect(screen.getAllByText(KEY_FACTS_MSG.notFound).length).toBeGreaterThanOrEqual(2);
    expect((screen.getByRole('textbox', { name: KEY_FACTS_MSG.address }) as HTMLTextAreaElement).value).toBe(
      '',
    );
  });

  it("saves the owner's correction and shows what the bot knows now", async () => {
    const corrected = { ...FACTS, phones: [{ number: '01949 000111', label: 'Reception' }] };
    const { fetchMock } = setup([
      { status: 200, body: { ready: true, facts: FACTS, edited: [] } },
      { status: 200, body: { ready: true, facts: corrected, edited: ['phones'] } },
    ]);
    await waitFor(() => expect(phoneField().value).toBe('01949 728288'));
    fireEvent.change(phoneField(), { target: { value: ' 01949 000111 ' } });
    fireEvent.click(screen.getByRole('button', { name: KEY_FACTS_MSG.save }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(KEY_FACTS_MSG.saved));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe(API.saveKeyFacts);
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body.botId).toBe('bot_1');
    expect(body.facts.phones).toEqual([{ number: '01949 000111', label: 'Reception' }]);
    expect(body.facts.prices).toEqual([{ item: "Women's cut", price: '$45', section: 'Cutting' }]);
    expect(phoneField().value).toBe('01949 000111');
    expect(screen.getByText(KEY_FACTS_MSG.editedByYou)).toBeTruthy();
  });

  it('adds and removes rows, and refuses a bad row with the shared message before calling the server', async () => {
    const { fetchMock } = setup([{ status: 200, body: { ready: true, facts: FACTS, edited: [] } }]);
    await waitFor(() => expect(phoneField().value).toBe('01949 728288'));
    fireEvent.click(screen.getByRole('button', { name: `${KEY_FACTS_MSG.remove} phone number 1` }));
    expect(screen.queryByRole('textbox', { name: `${KEY_FACTS_MSG.phoneNumber} 1` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: KEY_FACTS_MSG.addPhone }));
    fireEvent.change(phoneField(), { target: { value: 'call us' } });
    fireEvent.click(screen.getByRole('button', { name: KEY_FACTS_MSG.save }));
    expect(screen.getByRole('status').textContent).toBe(KEY_FACTS_MSG.phoneInvalid);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says the bot is still reading while its first build runs, and shows the facts once it is done', async () => {
    setup([
      {
        status: 200,
        body: {
          ready: false,
          facts: { ...FACTS, phones: [], emails: [], hours: [], prices: [] },
          edited: [],
        },
      },
      { status: 200, body: { ready: true, facts: FACTS, edited: [] } },
    ]);
    await waitFor(() => expect(screen.getByText(KEY_FACTS_MSG.reading)).toBeTruthy());
    await waitFor(() => expect(phoneField().value).toBe('01949 728288'), { timeout: 4000 });
  });
});
