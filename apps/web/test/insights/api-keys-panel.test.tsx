import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { API_REFERENCE_MSG, PUBLIC_API_MSG as M } from '@vuxo/shared/messages';
import { ROUTES } from '@vuxo/shared/routes';
import type { ApiKey, CreatedApiKey } from '@vuxo/shared/schemas';
import { ApiKeysPanel } from '../../src/features/insights/components/api-keys-panel';
import type { ApiKeysApi } from '../../src/features/insights/api-keys-api';

afterEach(cleanup);

const KEY = 'vx_abcdefghijklmnopqrstuvwxyz012345';
const EXISTING: ApiKey = {
  id: 'key_1',
  name: 'Zapier',
  prefix: 'vx_zzzzzzzz',
  scopes: ['chat'],
  createdAt: '2026-12-01T10:00:00.000Z',
  lastUsedAt: null,
};

function show(maxKeys = 3) {
  let keys: ApiKey[] = [EXISTING];
  const create = vi.fn(async (input: { name: string; scopes: string[] }): Promise<CreatedApiKey> => {
    const made = {
      ...EXISTING,
      id: 'key_2',
      name: input.name,
      prefix: KEY.slice(0, 11),
      scopes: ['chat'],
    } as ApiKey;
    keys = [...keys, made];
    return { ...made, key: KEY };
  });
  const revoke = vi.fn(async (id: string) => {
    keys = keys.filter((key) => key.id !== id);
  });
  const api = { list: vi.fn(async () => ({ keys, maxKeys })), create, revoke } as unknown as ApiKeysApi;
  render(
    <MemoryRouter>
      <ApiKeysPanel api={api} botId="bot_1" onError={() => undefined} />
    </MemoryRouter>,
  );
  return { create, revoke };
}

describe("the bot's API keys (decision 108)", () => {
  it('creates a key, shows it once with Copy, then lists it by its prefix only', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { create } = show();
    await screen.findByRole('heading', { name: M.panelTitle });
    expect(screen.getByText(M.allowance(1, 3))).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/api/v1/mcp`)).toBeTruthy();
    expect(screen.getByRole('link', { name: API_REFERENCE_MSG.linkFromKeys }).getAttribute('href')).toBe(
      ROUTES.apiReferenceFor('bot_1'),
    );

    fireEvent.change(screen.getByRole('textbox', { name: M.nameLabel }), { target: { value: ' Make ' } });
    fireEvent.click(screen.getByRole('button', { name: M.create }));
    expect(await screen.findByText(KEY)).toBeTruthy();
    expect(create).toHaveBeenCalledWith({ name: 'Make', scopes: ['chat'] });
    expect(screen.getByText(M.shownOnce)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: M.copy }));
    expect(await screen.findByRole('button', { name: M.copied })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(KEY);

    fireEvent.click(screen.getByRole('button', { name: M.done }));
    expect(screen.queryByText(KEY)).toBeNull();
    const list = await screen.findByRole('list', { name: M.panelTitle });
    expect(within(list).getByText('Make')).toBeTruthy();
    expect(within(list).getByText(`${KEY.slice(0, 11)}…`)).toBeTruthy();
  });

  it('revokes a key after a confirmation', async () => {
    const { revoke } = show();
    fireEvent.click(await screen.findByRole('button', { name: M.revokeOf('Zapier') }));
    expect(screen.getByText(M.revokeConfirm('Zapier'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: M.revoke }));
    expect(await screen.findByText(M.noKeys)).toBeTruthy();
    expect(revoke).toHaveBeenCalledWith('key_1');
  });

  it('asks for a name and a scope before sending', async () => {
    const { create } = show();
    fireEvent.click(await screen.findByRole('button', { name: M.create }));
    expect((await screen.findByRole('alert')).textContent).toBe(M.nameRequired);
    fireEvent.change(screen.getByRole('textbox', { name: M.nameLabel }), { target: { value: 'Make' } });
    fireEvent.click(screen.getByRole('checkbox', { name: M.scopeLabels.chat }));
    fireEvent.click(screen.getByRole('button', { name: M.create }));
    expect((await screen.findByRole('alert')).textContent).toBe(M.scopesRequired);
    expect(create).not.toHaveBeenCalled();
  });

  it('shows a Free Trial owner the plans instead of a form', async () => {
    show(0);
    expect(await screen.findByText(M.upgrade)).toBeTruthy();
    expect(screen.getByRole('link', { name: M.seePlans }).getAttribute('href')).toBe('/plans');
    expect(screen.queryByRole('button', { name: M.create })).toBeNull();
  });
});
