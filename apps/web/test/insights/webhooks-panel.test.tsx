import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { WEBHOOK_MSG as M } from '@vuxo/shared/messages';
import type { CreatedWebhook, Webhook, WebhookDelivery } from '@vuxo/shared/schemas';
import { WebhooksPanel } from '../../src/features/insights/components/webhooks-panel';
import type { WebhooksApi } from '../../src/features/insights/webhooks-api';

afterEach(cleanup);

const SECRET = 'whsec_c2VjcmV0IHNob3duIG9uY2U=';
const EXISTING: Webhook = {
  id: 'wh_1',
  url: 'https://crm.example/hooks',
  events: ['question.missed'],
  createdAt: '2026-12-01T10:00:00.000Z',
};
const FAILED: WebhookDelivery = {
  id: 'msg_1',
  event: 'question.missed',
  status: 'failed',
  attempts: 12,
  responseStatus: 500,
  createdAt: '2026-12-02T10:00:00.000Z',
  lastAttemptAt: '2026-12-02T15:00:00.000Z',
};

function show(maxWebhooks = 3) {
  let webhooks: Webhook[] = [EXISTING];
  const create = vi.fn(async (input: { url: string; events: string[] }): Promise<CreatedWebhook> => {
    const made = { ...EXISTING, id: 'wh_2', url: input.url, events: input.events } as Webhook;
    webhooks = [...webhooks, made];
    return { ...made, secret: SECRET };
  });
  const remove = vi.fn(async (id: string) => {
    webhooks = webhooks.filter((hook) => hook.id !== id);
  });
  const resend = vi.fn(async () => undefined);
  const api = {
    list: vi.fn(async () => ({ webhooks, maxWebhooks })),
    create,
    remove,
    deliveries: vi.fn(async () => ({ deliveries: [FAILED] })),
    resend,
  } as unknown as WebhooksApi;
  render(
    <MemoryRouter>
      <WebhooksPanel api={api} onError={() => undefined} />
    </MemoryRouter>,
  );
  return { create, remove, resend };
}

describe("the bot's webhooks (decision 112)", () => {
  it('adds an endpoint with its events, shows the secret once, then lists it without', async () => {
    const { create } = show();
    await screen.findByRole('heading', { name: M.panelTitle });
    expect(screen.getByText(M.allowance(1, 3))).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: M.urlLabel }), {
      target: { value: ' https://hooks.example/in ' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: M.eventLabels['conversation.ended'] }));
    fireEvent.click(screen.getByRole('button', { name: M.add }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(create).toHaveBeenCalledWith({
      url: 'https://hooks.example/in',
      events: ['visitor_request.created', 'conversation.ended'],
    });
    expect(screen.getByText(M.secretShownOnce)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: M.done }));
    expect(screen.queryByText(SECRET)).toBeNull();
    const list = await screen.findByRole('list', { name: M.panelTitle });
    expect(within(list).getByText('https://hooks.example/in')).toBeTruthy();
  });

  it('shows the delivery log and resends a failed delivery', async () => {
    const { resend } = show();
    fireEvent.click(await screen.findByRole('button', { name: M.showDeliveries }));
    const log = await screen.findByRole('list', { name: M.deliveriesOf(EXISTING.url) });
    expect(within(log).getByText(/Failed · 12 attempts · HTTP 500/)).toBeTruthy();
    fireEvent.click(within(log).getByRole('button', { name: /^Resend question\.missed/ }));
    await vi.waitFor(() => expect(resend).toHaveBeenCalledWith('wh_1', 'msg_1'));
  });

  it('deletes an endpoint after a confirmation', async () => {
    const { remove } = show();
    fireEvent.click(await screen.findByRole('button', { name: M.removeOf(EXISTING.url) }));
    expect(screen.getByText(M.removeConfirm(EXISTING.url))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: M.remove }));
    expect(await screen.findByText(M.noWebhooks)).toBeTruthy();
    expect(remove).toHaveBeenCalledWith('wh_1');
  });

  it('asks for an address and an event before sending, and offers plans on the Free Trial', async () => {
    const { create } = show();
    fireEvent.click(await screen.findByRole('button', { name: M.add }));
    expect((await screen.findByRole('alert')).textContent).toBe(M.urlRequired);
    expect(create).not.toHaveBeenCalled();
    cleanup();
    show(0);
    expect(await screen.findByText(M.upgrade)).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.add })).toBeNull();
  });
});
