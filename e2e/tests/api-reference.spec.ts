import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { API_EXAMPLE_KINDS, API_KEY_ENV } from '@vuxo/shared/api-examples';
import { API_REFERENCE_MSG as R, PUBLIC_API_MSG as M } from '@vuxo/shared/messages';
import { PUBLIC_API } from '@vuxo/shared/public-api';
import { CLINIC_HANDBOOK, createReadyBot, expect, test } from '../support/bots.ts';
import { expectAccessible } from '../support/axe.ts';
import { apiUser, openDashboard, subscribe } from '../support/dashboard.ts';

const run = promisify(execFile);

/**
 * The public API as an owner meets it (decisions 108 and 114): a key made on the bot's page and shown once, the
 * reference page's own curl example run as pasted into a shell, and the key revoked.
 */
test('the owner creates a key, runs the reference page’s curl example with it, and revokes it', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const bot = await createReadyBot({ name: 'Harbour Keys', document: CLINIC_HANDBOOK, welcome: 'Hi!' });
  await subscribe(await apiUser(bot.account), 'basic');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openDashboard(page, bot.account);
  await page.goto(`/dashboard/bots/${bot.botId}`);

  const panel = page.getByRole('region', { name: M.panelTitle });
  await panel.getByRole('textbox', { name: M.nameLabel }).fill('Zapier');
  await panel.getByRole('button', { name: M.create }).click();
  await expect(panel.getByText(M.shownOnce)).toBeVisible();
  const key = (await panel.getByText(/^vx_[A-Za-z0-9_-]{32}$/).textContent())!;
  await panel.getByRole('button', { name: M.copy }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // Seen once: after Done and a reload, only its prefix is listed.
  await panel.getByRole('button', { name: M.done }).click();
  await page.reload();
  await expect(panel.getByText(`${key.slice(0, 11)}…`)).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  // The address the panel gives an AI assistant speaks MCP with the same key (decision 113).
  const mcpAddress = (await panel.getByText(new RegExp(`${PUBLIC_API.mcp}$`)).textContent())!;
  const tools = await request.post(mcpAddress, {
    headers: { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });
  expect(tools.status()).toBe(200);
  expect(JSON.stringify(await tools.json())).toContain('"name":"ask"');

  await panel.getByRole('link', { name: R.linkFromKeys }).click();
  await expect(page.getByRole('heading', { level: 1, name: R.title })).toBeVisible();
  const chat = page.getByRole('region', { name: R.chat });
  const curl = (await chat.getByRole('tabpanel').locator('code').textContent())!;
  expect(curl).toContain(`${new URL(page.url()).origin}/api/v1/bots/${bot.botId}/messages`);
  expect(curl).not.toContain(key);
  // Every example has its Copy button; the routes come from the OpenAPI document.
  await expect(page.getByRole('button', { name: /^Copy the / })).toHaveCount(API_EXAMPLE_KINDS.length);
  await expect(page.getByRole('heading', { name: 'POST /api/v1/bots/{botId}/messages' })).toBeVisible();
  await expectAccessible(page, 'the API reference');

  // The text as pasted into a shell, the key in its variable; -w prints the status after the body.
  const paste = async () => {
    const env = { ...process.env, [API_KEY_ENV]: key };
    const { stdout } = await run('sh', ['-c', `${curl} -w '\\n%{http_code}'`], { env, timeout: 30_000 });
    const [body, status] = [
      stdout.slice(0, stdout.lastIndexOf('\n')),
      stdout.slice(stdout.lastIndexOf('\n') + 1),
    ];
    return { status, body: JSON.parse(body) as { reply?: string; error?: { code: string } } };
  };
  const answered = await paste();
  expect(answered.status).toBe('200');
  expect(answered.body.reply).toContain('Monday to Friday');

  await page.goBack();
  await panel.getByRole('button', { name: M.revokeOf('Zapier') }).click();
  await panel.getByRole('button', { name: M.revoke, exact: true }).click();
  await expect(panel.getByText(M.noKeys)).toBeVisible();
  expect(await paste()).toEqual({
    status: '401',
    body: { error: expect.objectContaining({ code: 'unauthenticated' }) },
  });
});
