import { PUBLIC_API, PUBLIC_API_MSG as M, publicApiPath } from '@vuxo/shared';
import { CLINIC_HANDBOOK, createReadyBot, expect, test } from '../support/bots.ts';
import { apiUser, openDashboard, subscribe } from '../support/dashboard.ts';

/** The public API's keys on the bot's page (decision 108). */
test('the owner creates an API key, sees it once, the key answers from outside the browser, and is revoked', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const bot = await createReadyBot({
    name: 'Harbour Keys',
    document: CLINIC_HANDBOOK,
    welcome: 'Hi! Ask me anything.',
  });
  await subscribe(await apiUser(bot.account), 'basic');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openDashboard(page, bot.account);
  await page.goto(`/dashboard/bots/${bot.botId}`);

  const panel = page.getByRole('region', { name: M.panelTitle });
  await panel.getByRole('textbox', { name: M.nameLabel }).fill('Zapier');
  await panel.getByRole('button', { name: M.create }).click();
  await expect(panel.getByText(M.shownOnce)).toBeVisible();
  const shown = panel.getByText(/^vx_[A-Za-z0-9_-]{32}$/);
  const key = (await shown.textContent())!;
  await panel.getByRole('button', { name: M.copy }).click();
  await expect(panel.getByRole('button', { name: M.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // The key, as the owner's own code would send it.
  const ask = () =>
    request.post(publicApiPath(PUBLIC_API.messages, { botId: bot.botId }), {
      headers: { authorization: `Bearer ${key}` },
      data: { message: 'Is there free parking?' },
    });
  const answered = await ask();
  expect(answered.status()).toBe(200);
  expect(((await answered.json()) as { reply: string }).reply).toContain('Free parking');

  // The address the panel gives an AI assistant speaks MCP with the same key (decision 113).
  const mcpAddress = (await panel.getByText(new RegExp(`${PUBLIC_API.mcp}$`)).textContent())!;
  const tools = await request.post(mcpAddress, {
    headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });
  expect(tools.status()).toBe(200);
  expect(JSON.stringify(await tools.json())).toContain('"name":"ask"');

  // Seen once: after Done, and after a reload, only its prefix is listed.
  await panel.getByRole('button', { name: M.done }).click();
  await page.reload();
  await expect(panel.getByText(`${key.slice(0, 11)}…`)).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  await panel.getByRole('button', { name: M.revokeOf('Zapier') }).click();
  await expect(panel.getByText(M.revokeConfirm('Zapier'))).toBeVisible();
  await panel.getByRole('button', { name: M.revoke, exact: true }).click();
  await expect(panel.getByText(M.noKeys)).toBeVisible();
  expect((await ask()).status()).toBe(401);
});
