import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { API, VISITOR_REQUEST_MSG } from '@vuxo/shared';
import { E2E_PORT } from '../support/env.ts';
import {
  CLINIC_HANDBOOK,
  CLINIC_WELCOME,
  createReadyBot,
  expect,
  sharedBot,
  test,
  type ReadyBot,
} from '../support/bots.ts';
import { apiUser } from '../support/dashboard.ts';

/**
 * Issue 32: the visitor opens the request form from the chat's menu at any time, without a declined question
 * first, in the widget on a business's own website (another origin), at a desktop and a phone's size.
 */
const APP_ORIGIN = `http://localhost:${E2E_PORT}`;

const hostPage = (shareId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Harbour Clinic</title></head><body>
<h1>Harbour Clinic</h1>
<p>Physiotherapy and massage in the harbour district.</p>
<script src="${APP_ORIGIN}/widget.js" data-bot="${shareId}" data-prewarm="false" async></script>
</body></html>`;

let server: Server;
let hostOrigin = '';
let shareId = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(hostPage(shareId));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A bot of its own, so its requests are this spec's alone. */
const menuBot = () =>
  sharedBot('request-menu', () =>
    createReadyBot({ name: 'Harbour Desk', document: CLINIC_HANDBOOK, welcome: CLINIC_WELCOME }),
  );

/** The questions the owner's inbox holds for the bot. */
async function inbox(bot: ReadyBot): Promise<string[]> {
  const owner = await apiUser(bot.account);
  const res = await fetch(`${APP_ORIGIN}${API.botRequests}?botId=${bot.botId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  return ((await res.json()) as { requests: { question: string }[] }).requests.map((r) => r.question);
}

async function requestFromMenu(page: Page, bot: ReadyBot, who: { email: string; question: string }) {
  shareId = bot.shareId;
  const chat = page.frameLocator('iframe[title="Chat"]');
  const panel = chat.getByRole('region', { name: `Chat with ${bot.botName}` });
  await page.goto(hostOrigin);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(panel).toBeVisible();

  // The menu by keyboard: Escape closes it (not the chat) and gives focus back to its button.
  const menuButton = panel.getByRole('button', { name: VISITOR_REQUEST_MSG.menuLabel });
  await menuButton.focus();
  await menuButton.press('Enter');
  const item = panel.getByRole('menuitem', { name: VISITOR_REQUEST_MSG.menuItem });
  await expect(item).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await expect(panel).toBeVisible();

  // Nothing asked, nothing declined: the menu opens the form all the same.
  await menuButton.click();
  const viewport = page.viewportSize()!;
  const box = (await item.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  await item.click();
  const form = panel.getByRole('form', { name: VISITOR_REQUEST_MSG.title(bot.botName) });
  await expect(form.getByLabel(VISITOR_REQUEST_MSG.emailLabel, { exact: true })).toBeFocused();
  await form.getByLabel(VISITOR_REQUEST_MSG.emailLabel, { exact: true }).fill(who.email);
  await form.getByLabel(VISITOR_REQUEST_MSG.questionLabel).fill(who.question);
  await form.getByLabel(VISITOR_REQUEST_MSG.consent(bot.botName)).check();
  const send = form.getByRole('button', { name: VISITOR_REQUEST_MSG.send });
  const sendBox = (await send.boundingBox())!;
  expect(sendBox.x + sendBox.width).toBeLessThanOrEqual(viewport.width);
  await send.click();
  await expect(
    panel.getByRole('status').filter({ hasText: VISITOR_REQUEST_MSG.sent(bot.botName) }),
  ).toBeVisible();
  await expect.poll(() => inbox(bot)).toContain(who.question);
}

test('a visitor leaves a request from the widget’s menu on another website', async ({ page }) => {
  test.slow();
  await requestFromMenu(page, await menuBot(), {
    email: 'menu-desktop@example.org',
    question: 'Can someone call me about a group booking?',
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  test('the menu and the form fit 360 px, and the request is sent', async ({ page }) => {
    test.slow();
    await requestFromMenu(page, await menuBot(), {
      email: 'menu-phone@example.org',
      question: 'Do you have a wheelchair ramp?',
    });
  });
});
