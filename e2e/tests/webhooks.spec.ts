import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, WEBHOOK_MSG as M } from '@vuxo/shared';
import { CLINIC_HANDBOOK, createReadyBot, expect, test } from '../support/bots.ts';
import { apiUser, openDashboard, subscribe } from '../support/dashboard.ts';

/** Webhooks on the bot's page (decision 112): add an endpoint, its secret once, the delivery log and Resend. */
test('the owner adds a webhook, sees its secret once, and resends a delivery from the log', async ({
  page,
  request,
}) => {
  test.slow();
  const ids: string[] = [];
  const receiver = http.createServer((req, res) => {
    ids.push(String(req.headers['webhook-id']));
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const bot = await createReadyBot({ name: 'Harbour Hooks', document: CLINIC_HANDBOOK, welcome: 'Hi!' });
    await subscribe(await apiUser(bot.account), 'basic');
    await openDashboard(page, bot.account);
    await page.goto(`/dashboard/bots/${bot.botId}`);

    const panel = page.getByRole('region', { name: M.panelTitle });
    await panel.getByRole('textbox', { name: M.urlLabel }).fill(url);
    await panel.getByRole('button', { name: M.add }).click();
    await expect(panel.getByText(M.secretShownOnce)).toBeVisible();
    const secret = (await panel.getByText(/^whsec_/).textContent())!;
    await panel.getByRole('button', { name: M.done }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: url })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    const asked = await request.post(API.visitorRequest, {
      data: { botConfigId: bot.shareId, email: 'hook@example.org', question: 'Call me?', consent: true },
    });
    expect(asked.status()).toBe(200);
    await expect.poll(() => ids.length).toBe(1);

    await panel.getByRole('button', { name: M.showDeliveries }).click();
    const log = panel.getByRole('list', { name: M.deliveriesOf(url) });
    await expect(log.getByText(/Delivered · 1 attempt · HTTP 204/)).toBeVisible();
    await log.getByRole('button', { name: /^Resend visitor_request\.created/ }).click();
    await expect.poll(() => ids.length).toBe(2);
    expect(ids[1]).toBe(ids[0]);
    await expect(log.getByText(/Delivered · 2 attempts · HTTP 204/)).toBeVisible();
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
