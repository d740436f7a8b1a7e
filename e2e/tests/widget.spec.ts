import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { MESSAGES_PER_DAY, WIDGET_KEYS, WIDGET_MSG, widgetVisitorKey } from '@vuxo/shared';
import { apiUser, missedDownVotes } from '../support/dashboard.ts';
import { expect, messageBox, test, type ReadyBot } from '../support/bots.ts';

/** The chat screen of /embed/:identifier. */
const EMAIL = 'info@vuxo.example';
const LAUNCHER_QUERY = 'isAlways=false&isInitiallyOpen=false';

const panelOf = (page: Page, name: string) => page.getByRole('region', { name: `Chat with ${name}` });
const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const strip = (page: Page) => page.getByRole('group', { name: 'Suggested questions' });

async function openEmbed(page: Page, bot: ReadyBot, query = LAUNCHER_QUERY) {
  await page.goto(`/embed/${bot.shareId}?${query}`);
}

/** Sends a typed message with Enter and waits for the bot's answer to arrive. */
async function ask(page: Page, question: string) {
  await messageBox(page).fill(question);
  await messageBox(page).press('Enter');
  await expect(log(page).getByText(question, { exact: true })).toBeVisible();
  await expect(messageBox(page)).toBeEnabled({ timeout: 15_000 });
}

const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

test.describe('/embed/:shareId', () => {
  test('opens from the launcher, greets, answers a chip and a typed question, and counts down', async ({
    page,
    clinic,
  }) => {
    await openEmbed(page, clinic);
    const launcher = page.getByRole('button', { name: `Open chat with ${clinic.botName}` });
    await expect(launcher).toBeVisible();
    const panel = panelOf(page, clinic.botName);
    await expect(panel).toHaveCount(0);

    const openSound = page.waitForRequest('**/sounds/open.wav');
    await launcher.click();
    await openSound;
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: clinic.botName })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Powered by Vuxo' }).first()).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(messageBox(page)).toBeFocused();
    await expect(messageBox(page)).toHaveAttribute('placeholder', WIDGET_MSG.placeholder);

    // The welcome, as markdown, with its en-US hour:minute time.
    const welcome = log(page).locator('strong', { hasText: 'Harbour Clinic' });
    await expect(welcome).toBeVisible();
    await expect(log(page).locator('time').first()).toHaveText(/^\d{2}:\d{2} (AM|PM)$/);
    await expect(page.getByText(`Messages left: ${MESSAGES_PER_DAY}/${MESSAGES_PER_DAY}`)).toBeVisible();
    await expectAccessible(page, 'open widget');

    // A chip sends its question (the strip pauses under the pointer, so the chip holds still).
    await expect(strip(page).getByRole('button').first()).toBeAttached();
    const chatCall = page.waitForRequest('**/api/chat');
    const replySound = page.waitForRequest('**/sounds/reply.wav');
    const { question, at: sentAt } = await clickVisibleChip(page);
    await expect(page.getByRole('status', { name: `${clinic.botName} is typing` })).toBeVisible();
    const body = (await chatCall).postDataJSON() as {
      botConfigId: string;
      message: string;
      history: unknown[];
    };
    expect(body).toEqual({ botConfigId: clinic.botId, message: question, history: [] });
    await expect(page.getByText(`Messages left: 14/${MESSAGES_PER_DAY}`)).toBeVisible();
    // The typing indicator lasts at least a second, however fast the answer.
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1000);
    await expect(page.getByRole('status', { name: `${clinic.botName} is typing` })).toHaveCount(0);
    await replySound;

    // The visitor id from the server is kept per bot and sent back.
    const visitorId = await storage(page, widgetVisitorKey(clinic.shareId));
    expect(visitorId).toMatch(/^[\w-]{20}\.[\w-]{16}$/);
    const secondCall = page.waitForRequest('**/api/chat');
    await ask(page, 'Where can I see your price list?');
    const second = await secondCall;
    expect(second.headers()['x-visitor-id']).toBe(visitorId);
    expect((second.postDataJSON() as { history: unknown[] }).history).toHaveLength(2);

    // Markdown: the link opens in a new tab, and the source the answer names.
    const link = log(page).getByRole('link', { name: 'our price list' });
    await expect(link).toHaveAttribute('href', 'https://example.com/prices');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(log(page).locator('em', { hasText: 'Source: Prices' }).last()).toBeVisible();
    await expect(page.getByText(`Messages left: 13/${MESSAGES_PER_DAY}`)).toBeVisible();
    const counted = JSON.parse((await storage(page, WIDGET_KEYS.messageCount(clinic.botId))) ?? '{}');
    expect(counted.count).toBe(2);
    expect(new Date(counted.date).toDateString()).toBe(new Date().toDateString());

    // Shift+Enter starts a new line; a blank message is not sent.
    await messageBox(page).fill('two');
    await messageBox(page).press('Shift+Enter');
    await expect(messageBox(page)).toHaveValue('two\n');
    await messageBox(page).fill('   ');
    await messageBox(page).press('Enter');
    await expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await expect(log(page).locator('[data-position="right"]')).toHaveCount(2);

    // Close: the sound, and focus back on the launcher.
    const closeSound = page.waitForRequest('**/sounds/close.wav');
    await panel.getByRole('button', { name: 'Close chat' }).click();
    await closeSound;
    await expect(panel).toHaveCount(0);
    await expect(launcher).toBeFocused();
  });

  test('loops the suggestion chips, and stands them still for reduced motion', async ({ page, clinic }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openEmbed(page, clinic, 'isAlways=false');
    const track = strip(page).getByRole('list');
    await expect(track).toBeVisible();
    await expect.poll(() => track.evaluate((el) => getComputedStyle(el).animationName)).toMatch(/chip-loop/);
    const chipWidth = await strip(page)
      .getByRole('button')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(chipWidth)).toBe(180);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(track).toBeVisible();
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    // One chip per question, no looping copies.
    const questions = await strip(page).getByRole('button').allTextContents();
    expect(new Set(questions).size).toBe(questions.length);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the suggestion chips stand still and scroll by hand: a sliding chip cannot be tapped (issue 45)', async ({
      page,
      clinic,
    }) => {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await openEmbed(page, clinic, 'isAlways=false');
      const track = strip(page).getByRole('list');
      await expect(track).toBeVisible();
      expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
      expect(await strip(page).evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
      const questions = await strip(page).getByRole('button').allTextContents();
      expect(questions.length).toBeGreaterThan(0);
      expect(new Set(questions).size).toBe(questions.length);
    });
  });

  test('generates suggested questions when the bot has none, with three attempts', async ({
    page,
    clinic,
  }) => {
    // The bot info as for a bot whose questions are not stored yet; the generator fails.
    await page.route('**/api/public-bot-info?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.publicBotInfo.generatedQuestions = [];
      await route.fulfill({ response, json: body });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route('**/api/generate-questions', async (route) => {
      calls += 1;
      expect(route.request().postDataJSON()).toEqual({ botId: clinic.botId });
      await held;
      await route.fulfill({ status: 500, json: { error: 'boom' } });
    });
    await openEmbed(page, clinic, 'isAlways=false');
    await expect(page.getByText(WIDGET_MSG.generatingSuggestions)).toBeVisible();
    release();
    await expect(page.getByText(WIDGET_MSG.suggestionsFailed(1, EMAIL))).toBeVisible();
    await expect(page.getByText(WIDGET_MSG.suggestionsFailed(2, EMAIL))).toBeVisible();
    await expect(page.getByText(WIDGET_MSG.suggestionsMaxRetries(EMAIL))).toBeVisible({ timeout: 15_000 });
    expect(calls).toBe(3);
    // The chat itself still works.
    await expect(messageBox(page)).toBeEnabled();

    // When the generator answers, its questions become the chips.
    await page.unroute('**/api/generate-questions');
    await page.route('**/api/generate-questions', (route) =>
      route.fulfill({ json: { questions: ['Do you take walk-ins?'] } }),
    );
    await page.reload();
    await expect(strip(page).getByRole('button', { name: 'Do you take walk-ins?' })).toBeAttached();
  });

  test('a bad share id: the defaults, the load error, and at most three retries', async ({ page }) => {
    await page.goto('/embed/no-such-bot-here?isAlways=false');
    const panel = panelOf(page, WIDGET_MSG.defaultName);
    await expect(panel).toBeVisible();
    const error = WIDGET_MSG.loadFailed('This bot does not exist or is no longer available', EMAIL);
    await expect(panel.getByRole('alert')).toHaveText(new RegExp(escape(error)));
    await expect(log(page).getByText(WIDGET_MSG.defaultWelcome)).toBeVisible();
    await expect(messageBox(page)).toBeDisabled();
    await expect(messageBox(page)).toHaveAttribute('placeholder', WIDGET_MSG.notConfiguredPlaceholder);
    // No bot, so no suggestions are on their way.
    await expect(panel.getByText(WIDGET_MSG.generatingSuggestions)).toHaveCount(0);

    for (let retry = 1; retry <= 3; retry++) {
      const reload = page.waitForRequest('**/api/public-bot-info?*');
      await panel.getByRole('button', { name: 'Retry' }).click();
      await reload;
      await expect(panel.getByRole('alert')).toHaveText(new RegExp(escape(error)));
    }
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(panel.getByRole('alert')).toHaveText(new RegExp(escape(WIDGET_MSG.maxRetries(EMAIL))));
    await expect(panel.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Refresh' })).toBeVisible();
  });

  test("a thumbs down in the widget reaches the owner's missed questions", async ({ page, clinic }) => {
    await openEmbed(page, clinic, 'isAlways=true');
    await ask(page, 'Do you validate parking tickets?');
    const rating = log(page).getByRole('group', { name: WIDGET_MSG.rateAnswer }).last();
    await rating.getByRole('button', { name: WIDGET_MSG.rateNotHelpful }).click();
    await expect(rating.getByRole('status')).toHaveText(WIDGET_MSG.rateThanks);
    const owner = await apiUser(clinic.account);
    await expect.poll(() => missedDownVotes(owner, clinic.botId, 'Do you validate parking tickets?')).toBe(1);
  });

  test('no identifier in the address', async ({ page }) => {
    await page.goto('/embed/');
    await expect(page.getByRole('alert')).toHaveText(new RegExp(escape(WIDGET_MSG.noIdentifier(EMAIL))));
    await expect(messageBox(page)).toBeDisabled();
  });

  test('a failed send shows the banner; Retry clears it, Refresh reloads', async ({ page, clinic }) => {
    await openEmbed(page, clinic, 'isAlways=false');
    const panel = panelOf(page, clinic.botName);
    await expect(messageBox(page)).toBeEnabled();
    await page.route('**/api/chat', (route) => route.abort('failed'));
    await messageBox(page).fill('Is parking available?');
    await messageBox(page).press('Enter');
    const banner = panel.getByRole('alert');
    await expect(banner).toHaveText(new RegExp(escape(WIDGET_MSG.sendFailed(EMAIL))));
    await expect(log(page).getByText('Not delivered')).toBeVisible();
    // The unsent text comes back into the input; nothing was counted.
    await expect(messageBox(page)).toHaveValue('Is parking available?');
    await expect(page.getByText(`Messages left: ${MESSAGES_PER_DAY}/${MESSAGES_PER_DAY}`)).toBeVisible();

    const reload = page.waitForRequest('**/api/public-bot-info?*');
    await banner.getByRole('button', { name: 'Retry' }).click();
    await reload;
    await expect(banner).toHaveCount(0);

    await page.route('**/api/chat', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    await messageBox(page).press('Enter');
    await expect(banner).toHaveText(new RegExp(escape(WIDGET_MSG.sendFailed(EMAIL))));
    const navigation = page.waitForEvent('framenavigated');
    await banner.getByRole('button', { name: 'Refresh' }).click();
    await navigation;
    await expect(messageBox(page)).toBeEnabled();
    await expect(panel.getByRole('alert')).toHaveCount(0);
  });

  test('the daily limit: the server counts, and clearing storage does not reset it', async ({
    page,
    clinic,
  }) => {
    await openEmbed(page, clinic, 'isAlways=false');
    await expect(messageBox(page)).toBeEnabled();
    // 14 messages through the API, from this browser with its visitor id (the server's count is what shows).
    const left = await page.evaluate(
      async ({ botId, key }) => {
        let last = -1;
        for (let i = 0; i < 14; i++) {
          const res = await fetch('/api/chat', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-visitor-id': localStorage.getItem(key) ?? '' },
            body: JSON.stringify({
              botConfigId: botId,
              message: `Question ${i + 1}: are you open?`,
              history: [],
            }),
          });
          last = ((await res.json()) as { messagesLeft: number }).messagesLeft;
        }
        return last;
      },
      { botId: clinic.botId, key: widgetVisitorKey(clinic.shareId) },
    );
    expect(left).toBe(1);
    await page.reload();
    await expect(page.getByText(`Messages left: 1/${MESSAGES_PER_DAY}`)).toBeVisible();

    await messageBox(page).fill('What are your opening hours?');
    await messageBox(page).press('Enter');
    await expect(log(page).getByText('Monday to Friday')).toBeVisible();
    await expect(page.getByText(`Messages left: 0/${MESSAGES_PER_DAY}`)).toBeVisible();
    await expect(page.getByText(WIDGET_MSG.limitReached(EMAIL))).toBeVisible();
    await expect(messageBox(page)).toBeDisabled();
    await expect(messageBox(page)).toHaveAttribute('placeholder', WIDGET_MSG.limitPlaceholder);
    await expect(strip(page).getByRole('button').first()).toBeDisabled();

    // The 16th message, sent anyway, gets the server's 429 and its limit message.
    const refused = await page.evaluate(async (botId) => {
      const res = await fetch('/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ botConfigId: botId, message: 'One more?', history: [] }),
      });
      return { status: res.status, body: (await res.json()) as { error: string; code: string } };
    }, clinic.botId);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: WIDGET_MSG.limitReached(EMAIL),
      code: 'MESSAGE_LIMIT_REACHED',
    });

    // A cleared localStorage (a new visitor id, no local count) still shows the server's count.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await expect(page.getByText(`Messages left: 0/${MESSAGES_PER_DAY}`)).toBeVisible();
    await expect(messageBox(page)).toBeDisabled();
    await expect(messageBox(page)).toHaveAttribute('placeholder', WIDGET_MSG.limitPlaceholder);
  });
});

/** Pauses the looping strip under the pointer and clicks the chip most in view; returns its question. */
async function clickVisibleChip(page: Page): Promise<{ question: string; at: number }> {
  await strip(page).hover();
  const area = (await strip(page).boundingBox())!;
  const chips = strip(page).locator('button');
  let best: { index: number; from: number; to: number; y: number } | null = null;
  for (let i = 0; i < (await chips.count()); i++) {
    const box = await chips.nth(i).boundingBox();
    if (!box) continue;
    const from = Math.max(box.x, area.x + 16);
    const to = Math.min(box.x + box.width, area.x + area.width - 16);
    if (to - from > (best ? best.to - best.from : 40))
      best = { index: i, from, to, y: box.y + box.height / 2 };
  }
  if (!best) throw new Error('no suggestion chip in view');
  const question = (await chips.nth(best.index).getAttribute('title')) ?? '';
  const at = Date.now();
  await page.mouse.click((best.from + best.to) / 2, best.y);
  return { question, at };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
