import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, LIVE_MSG, LIVE_OWNER_MSG, VISITOR_REQUEST_MSG } from '@vuxo/shared';
import { E2E_PORT } from '../support/env.ts';
import { CLINIC_HANDBOOK, CLINIC_WELCOME, createReadyBot, expect, test } from '../support/bots.ts';
import { apiUser } from '../support/dashboard.ts';
import { signIn } from '../support/sign-in.ts';

/**
 * Issue 47: a visitor on a business's own website (another origin) asks for a person; the owner, on a phone,
 * sees the request in the Live view and answers; the visitor's widget shows the answer under the owner's name,
 * the bot stays quiet while the owner holds the conversation, and answers again once handed back.
 */
const APP_ORIGIN = `http://localhost:${E2E_PORT}`;

const hostPage = (shareId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Harbour Clinic</title></head><body>
<h1>Harbour Clinic</h1>
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

test('the owner answers a visitor live from a phone, the bot stays quiet, then takes over again', async ({
  page,
  browser,
}) => {
  test.slow();
  const bot = await createReadyBot({
    name: 'Harbour Live',
    document: CLINIC_HANDBOOK,
    welcome: CLINIC_WELCOME,
  });
  shareId = bot.shareId;

  // The owner, on a phone, in the Live view under the name visitors will see.
  const ownerContext = await browser.newContext({
    baseURL: APP_ORIGIN,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  // The phone's notifications, allowed, recorded where the system would show them.
  await ownerContext.addInitScript(() => {
    const shown: string[] = [];
    class RecordedNotification {
      static permission: NotificationPermission = 'granted';
      static requestPermission = () => Promise.resolve<NotificationPermission>('granted');
      constructor(title: string) {
        shown.push(title);
      }
      close() {}
    }
    Object.assign(window, { Notification: RecordedNotification, shownNotifications: shown });
  });
  const owner = await ownerContext.newPage();
  await signIn(owner, bot.account);
  await owner.goto(`/dashboard/bots/${bot.botId}/live`);
  await owner.getByLabel(LIVE_OWNER_MSG.displayNameLabel).fill('Maria');
  const named = owner.waitForResponse(
    (r) => r.url().includes('/api/live/presence') && (r.request().postData() ?? '').includes('Maria'),
  );
  await owner.getByRole('button', { name: LIVE_OWNER_MSG.saveName }).click();
  expect((await named).ok()).toBe(true);

  // The visitor, on the business's website, is declined, then asks for a person.
  await page.goto(hostOrigin);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page
    .frameLocator('iframe[title="Chat"]')
    .getByRole('region', { name: `Chat with ${bot.botName}` });
  const log = panel.getByRole('log', { name: 'Messages' });
  const ask = async (question: string) => {
    await panel.getByRole('textbox', { name: 'Message' }).fill(question);
    await panel.getByRole('button', { name: 'Send message' }).click();
    await expect(log.getByText(question)).toBeVisible();
  };
  const botSaid = log.getByText(`${bot.botName} said:`);
  await ask('Do you offer dog grooming?');
  await expect(botSaid).toHaveCount(2);
  await panel.getByRole('button', { name: VISITOR_REQUEST_MSG.menuLabel }).click();
  await panel.getByRole('menuitem', { name: VISITOR_REQUEST_MSG.menuItem }).click();
  await expect(panel.getByRole('status').filter({ hasText: LIVE_MSG.ownerHere('Maria') })).toBeVisible();

  // The owner sees the request waiting, told by a notification, opens it and answers.
  const waiting = owner.getByRole('region', { name: LIVE_OWNER_MSG.waitingTitle });
  await expect(waiting.getByText(LIVE_OWNER_MSG.asked)).toBeVisible();
  await expect
    .poll(() =>
      owner.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications),
    )
    .toEqual([LIVE_OWNER_MSG.newRequest]);
  await waiting.getByRole('button', { name: /Do you offer dog grooming\?/ }).click();
  await owner.getByLabel(LIVE_OWNER_MSG.replyLabel).fill('Hi, Maria here: we do, on Saturdays.');
  await owner.getByRole('button', { name: LIVE_OWNER_MSG.send }).click();
  await expect(log.getByText('Hi, Maria here: we do, on Saturdays.')).toBeVisible({ timeout: 2_000 });
  await expect(log.getByText('Maria said:')).toHaveCount(1);

  // One click keeps the owner's answer as the bot's own, for the next visitor who asks.
  await owner.getByRole('button', { name: LIVE_OWNER_MSG.saveAnswer }).click();
  await expect(owner.getByRole('status').filter({ hasText: LIVE_OWNER_MSG.savedAnswer })).toBeVisible();
  const api = await apiUser(bot.account);
  const saved = await fetch(`${APP_ORIGIN}${API.corrections}?botId=${bot.botId}`, {
    headers: { authorization: `Bearer ${api.token}` },
  });
  expect(JSON.stringify(await saved.json())).toContain('Hi, Maria here: we do, on Saturdays.');

  // While the owner holds the conversation, the visitor's next message is theirs: the bot says nothing.
  await ask('How much is it?');
  const conversation = owner.getByRole('list', { name: 'Messages' });
  await expect(conversation.getByText('How much is it?')).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await expect(botSaid).toHaveCount(2);

  // The visitor reloads the page: their next message still goes to the owner, whose reply reaches them.
  await page.reload();
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(log.getByText('Hi! I can answer questions about')).toBeVisible();
  const quietBefore = await botSaid.count();
  await ask('Are you still there?');
  await expect(conversation.getByText('Are you still there?')).toBeVisible();
  await owner.getByLabel(LIVE_OWNER_MSG.replyLabel).fill('Still here, one moment.');
  await owner.getByRole('button', { name: LIVE_OWNER_MSG.send }).click();
  await expect(log.getByText('Still here, one moment.')).toBeVisible({ timeout: 2_000 });
  await expect(botSaid).toHaveCount(quietBefore);

  // Handed back, the bot answers the next question.
  await owner.getByRole('button', { name: LIVE_OWNER_MSG.handBack }).click();
  await expect(owner.getByRole('button', { name: LIVE_OWNER_MSG.handBack })).toHaveCount(0);
  const answeredBefore = await botSaid.count();
  await ask('What are your opening hours?');
  await expect(botSaid).toHaveCount(answeredBefore + 1);
  await expect(log.getByText(/Monday to Friday/)).toBeVisible();
  await ownerContext.close();
});

test('with the owner away, asking for a person opens the email form and says when the business is back', async ({
  page,
}) => {
  test.slow();
  const bot = await createReadyBot({
    name: 'Harbour Away',
    document: CLINIC_HANDBOOK,
    welcome: CLINIC_WELCOME,
  });
  shareId = bot.shareId;
  // A Sunday noon on the visitor's clock: the clinic opens again on Monday at 9.
  await page.clock.setFixedTime(new Date('2026-12-06T12:00:00'));
  await page.goto(hostOrigin);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page
    .frameLocator('iframe[title="Chat"]')
    .getByRole('region', { name: `Chat with ${bot.botName}` });
  await panel.getByRole('button', { name: VISITOR_REQUEST_MSG.menuLabel }).click();
  await panel.getByRole('menuitem', { name: VISITOR_REQUEST_MSG.menuItem }).click();
  await expect(panel.getByText("We're back tomorrow at 9:00")).toBeVisible();
  await expect(panel.getByRole('form', { name: VISITOR_REQUEST_MSG.title(bot.botName) })).toBeVisible();
  await expect(panel.getByText(LIVE_MSG.ownerHere('Maria'))).toHaveCount(0);
});
