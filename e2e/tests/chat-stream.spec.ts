import type { Page } from '@playwright/test';
import { MESSAGES_PER_DAY, WIDGET_MSG } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import {
  CLINIC_HANDBOOK,
  CLINIC_WELCOME,
  createReadyBot,
  expect,
  messageBox,
  sharedBot,
  test as base,
  type ReadyBot,
} from '../support/bots.ts';
import { E2E_STREAM_PORT } from '../support/env.ts';
import { FAKE_BREAK_WORD, FAKE_REPLY } from '../support/fake-model.ts';

/**
 * Streamed replies (the widget and the public chat): the stream server's bots are answered by the fake model of
 * support/fake-model.ts, which writes FAKE_REPLY one word every 200 ms (about 6 s in all).
 */
const STREAM_URL = `http://localhost:${E2E_STREAM_PORT}`;

const test = base.extend<object, { streamBot: ReadyBot }>({
  streamBot: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(
        await sharedBot('stream-clinic', () =>
          createReadyBot({
            name: 'Harbour Writer',
            document: CLINIC_HANDBOOK,
            welcome: CLINIC_WELCOME,
            baseUrl: STREAM_URL,
          }),
        ),
      );
    },
    { scope: 'worker' },
  ],
});

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const stopButton = (page: Page) => page.getByRole('button', { name: WIDGET_MSG.stopReplyLabel });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send message' });
const counter = (page: Page, left: number) => page.getByText(`Messages left: ${left}/${MESSAGES_PER_DAY}`);
/** The bot's replies: the paragraphs that start as FAKE_REPLY does (each test's one is the last). */
const replies = (page: Page) => log(page).getByText(/^We are open/);
const reply = (page: Page) => replies(page).last();
const FIRST_WORDS = 'We are open Monday';
const LAST_WORDS = 'cancellations need 24 hours notice.';

async function ask(page: Page, question: string) {
  await expect(messageBox(page)).toBeEnabled();
  await messageBox(page).fill(question);
  await messageBox(page).press('Enter');
  await expect(log(page).getByText(question, { exact: true })).toBeVisible();
}

/**
 * Asks, and sees the reply written word by word: a part of it, with Stop in place of Send and the counter not yet
 * moved, then all of it, rateable, with the counter one lower.
 */
async function expectStreamedReply(page: Page, question: string, leftBefore: number) {
  // This question's reply, whatever came before it.
  const reply = replies(page).nth(await replies(page).count());
  const ratings = log(page).getByRole('group', { name: WIDGET_MSG.rateAnswer });
  const rated = await ratings.count();
  await ask(page, question);
  await expect(reply).toContainText(FIRST_WORDS);
  // While the words arrive (the state a busy machine may check late, so the controls first, the text last).
  await expect(stopButton(page)).toHaveText(WIDGET_MSG.stopReply);
  await expect(sendButton(page)).toHaveCount(0);
  await expect(counter(page, leftBefore)).toBeVisible();
  await expect(ratings).toHaveCount(rated);
  await expect(page.getByRole('status', { name: /is typing/ })).toHaveCount(0);
  const partial = await reply.innerText();
  expect(partial).not.toContain(LAST_WORDS);
  expect(FAKE_REPLY.startsWith(partial.trim())).toBe(true);

  await expect(reply).toContainText(LAST_WORDS, { timeout: 15_000 });
  await expect(stopButton(page)).toHaveCount(0);
  await expect(sendButton(page)).toBeVisible();
  await expect(counter(page, leftBefore - 1)).toBeVisible();
  await expect(ratings).toHaveCount(rated + 1);
}

test.describe('streamed replies', () => {
  test('the widget writes a reply word by word, and counts each message once', async ({
    page,
    streamBot,
  }) => {
    await page.goto(`${STREAM_URL}/embed/${streamBot.shareId}`);
    await expect(counter(page, MESSAGES_PER_DAY)).toBeVisible();
    await expectStreamedReply(page, 'When are you open?', MESSAGES_PER_DAY);
    await expectStreamedReply(page, 'And on Saturdays?', MESSAGES_PER_DAY - 1);
    await expect(counter(page, MESSAGES_PER_DAY - 2)).toBeVisible();
  });

  test('the public chat page writes a reply word by word', async ({ page, streamBot }) => {
    await page.goto(`${STREAM_URL}/public-chat/${streamBot.botId}`);
    await expect(page.getByRole('heading', { level: 1, name: streamBot.botName })).toBeVisible();
    await expectStreamedReply(page, 'What are your opening hours?', MESSAGES_PER_DAY);
  });

  test('Stop ends the reply: what arrived stays, with a note, and the message counts once', async ({
    page,
    streamBot,
  }) => {
    await page.goto(`${STREAM_URL}/embed/${streamBot.shareId}`);
    await ask(page, 'When are you open?');
    await expect(reply(page)).toContainText(FIRST_WORDS);
    await stopButton(page).click();

    await expect(log(page).getByText(WIDGET_MSG.replyStopped)).toBeVisible();
    const stopped = await reply(page).innerText();
    expect(stopped).not.toContain(LAST_WORDS);
    // The text stops growing.
    await page.waitForTimeout(1000);
    expect(await reply(page).innerText()).toBe(stopped);
    await expect(stopButton(page)).toHaveCount(0);
    await expect(messageBox(page)).toBeEnabled();
    await expect(messageBox(page)).toBeFocused();
    await expect(counter(page, MESSAGES_PER_DAY - 1)).toBeVisible();
    // Only a finished reply is rated.
    await expect(log(page).getByRole('group', { name: WIDGET_MSG.rateAnswer })).toHaveCount(0);
    await expectAccessible(page, 'a stopped reply');
    // The server counted the stopped message once, as the counter said.
    await page.reload();
    await expect(counter(page, MESSAGES_PER_DAY - 1)).toBeVisible();
  });

  test('a reply cut off mid-way keeps what arrived, with the cut-off note', async ({ page, streamBot }) => {
    await page.goto(`${STREAM_URL}/public-chat/${streamBot.botId}`);
    await ask(page, `When are you open? (${FAKE_BREAK_WORD} test)`);
    await expect(log(page).getByText(WIDGET_MSG.replyCut)).toBeVisible({ timeout: 15_000 });
    await expect(reply(page)).toContainText(FIRST_WORDS);
    expect(await reply(page).innerText()).not.toContain(LAST_WORDS);
    await expect(stopButton(page)).toHaveCount(0);
    await expect(messageBox(page)).toBeEnabled();
    await expect(counter(page, MESSAGES_PER_DAY - 1)).toBeVisible();
    await expect(log(page).getByRole('group', { name: WIDGET_MSG.rateAnswer })).toHaveCount(0);
  });
});
