import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CONTACT_MSG, INSIGHTS_MSG } from '@vuxo/shared/messages';
import { MAIL_CONFIRM_MSG } from '@vuxo/shared/mail-addresses';
import { RequestsPanel } from '../../src/features/insights/components/requests-panel';
import type { InsightsApi } from '../../src/features/insights/insights-api';

afterEach(cleanup);

const settings = {
  requestsOn: true,
  notifyEmail: null,
  defaultEmail: 'ines@example.org',
  notifyState: null,
  pendingEmail: null,
  sendTo: 'ines@example.org',
};

function show() {
  const saveRequestSettings = vi.fn(async (s: { requestsOn: boolean; notifyEmail: string }) => ({
    ...settings,
    notifyEmail: s.notifyEmail,
    notifyState: 'waiting' as const,
    pendingEmail: s.notifyEmail,
  }));
  const api = {
    requests: vi.fn(async () => ({
      requests: [],
      total: 0,
      page: 1,
      pageSize: 20,
      counts: { new: 0, answered: 0, closed: 0 },
    })),
    requestSettings: vi.fn(async () => settings),
    saveRequestSettings,
  } as unknown as InsightsApi;
  render(<RequestsPanel api={api} onError={() => undefined} />);
  return { saveRequestSettings };
}

describe('the notification address in the requests settings (issue 43, F4)', () => {
  it.each(['victim3@target.example,postmaster,abuse', '"Vuxo"<victim2@target.example>'])(
    'refuses %j with the shared message before sending',
    async (address) => {
      const { saveRequestSettings } = show();
      const field = await screen.findByLabelText(INSIGHTS_MSG.requestsNotify);
      fireEvent.change(field, { target: { value: address } });
      fireEvent.click(screen.getByRole('button', { name: INSIGHTS_MSG.requestsSave }));
      expect(screen.getByRole('alert').textContent).toBe(CONTACT_MSG.invalid);
      expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
      expect(saveRequestSettings).not.toHaveBeenCalled();
    },
  );

  it('sends one plain address', async () => {
    const { saveRequestSettings } = show();
    fireEvent.change(await screen.findByLabelText(INSIGHTS_MSG.requestsNotify), {
      target: { value: 'leads@ines.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: INSIGHTS_MSG.requestsSave }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saveRequestSettings).toHaveBeenCalledWith({ requestsOn: true, notifyEmail: 'leads@ines.example' });
  });

  it('says a new address waits for confirmation and where requests go meanwhile (issue 43, F1)', async () => {
    show();
    fireEvent.change(await screen.findByLabelText(INSIGHTS_MSG.requestsNotify), {
      target: { value: 'leads@ines.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: INSIGHTS_MSG.requestsSave }));
    expect((await screen.findByRole('status')).textContent).toBe(
      MAIL_CONFIRM_MSG.waiting('leads@ines.example', 'ines@example.org'),
    );
  });
});
