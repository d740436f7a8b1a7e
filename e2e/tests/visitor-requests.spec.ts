import { DASHBOARD_MSG, INSIGHTS_MSG, VISITOR_REQUEST_MSG } from '@vuxo/shared';
import { CLINIC_HANDBOOK, createReadyBot, expect, messageBox, test } from '../support/bots.ts';
import { expectAccessible } from '../support/axe.ts';
import { card, openDashboard } from '../support/dashboard.ts';
import { E2E_SMTP_LIST_PORT } from '../support/env.ts';

const QUESTION = 'Do you offer dog grooming?';

/** What the test SMTP server received. */
const receivedMail = async (): Promise<{ to: string; subject: string; text: string }[]> =>
  (await fetch(`http://127.0.0.1:${E2E_SMTP_LIST_PORT}/`)).json() as never;

test('a declined visitor leaves an email; the owner is mailed, replies from Requests and marks it answered', async ({
  page,
  browser,
}) => {
  test.slow();
  const bot = await createReadyBot({ name: 'Harbour Requests', document: CLINIC_HANDBOOK, welcome: 'Hi!' });
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/public-chat/${bot.botId}`);
  await messageBox(visitor).fill(QUESTION);
  await visitor.getByRole('button', { name: 'Send message' }).click();

  await expect(visitor.getByText(VISITOR_REQUEST_MSG.offer(bot.botName))).toBeVisible();
  await visitor.getByRole('button', { name: VISITOR_REQUEST_MSG.offerButton }).click();
  const form = visitor.getByRole('form', { name: VISITOR_REQUEST_MSG.title(bot.botName) });
  await expect(form.getByLabel(VISITOR_REQUEST_MSG.questionLabel)).toHaveValue(QUESTION);
  await form.getByRole('button', { name: VISITOR_REQUEST_MSG.send }).click();
  await expect(form.getByText(VISITOR_REQUEST_MSG.contactRequired)).toBeVisible();
  await form.getByLabel(VISITOR_REQUEST_MSG.emailLabel, { exact: true }).fill('dana@example.org');
  await form.getByLabel(VISITOR_REQUEST_MSG.nameLabel).fill('Dana');
  await form.getByLabel(VISITOR_REQUEST_MSG.consent(bot.botName)).check();
  await form.getByRole('button', { name: VISITOR_REQUEST_MSG.send }).click();
  await expect(
    visitor.getByRole('status').filter({ hasText: VISITOR_REQUEST_MSG.sent(bot.botName) }),
  ).toBeVisible();
  await visitorContext.close();

  // The owner's notification arrives at the test SMTP server, with the question.
  await expect
    .poll(
      async () =>
        (await receivedMail()).filter((m) => m.to === bot.account.email && m.text.includes(QUESTION)).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1);

  await openDashboard(page, bot.account);
  await expect(card(page, bot.botName)).toContainText(DASHBOARD_MSG.newRequests(1));
  await card(page, bot.botName)
    .getByRole('link', { name: `${INSIGHTS_MSG.insightsLink}: ${bot.botName}` })
    .click();
  const requests = page.getByRole('region', { name: /^Requests/ });
  const item = requests.getByRole('listitem').filter({ hasText: QUESTION });
  await expect(item).toContainText('dana@example.org');
  await expectAccessible(page, 'the requests panel with a request', requests);
  const reply = item.getByRole('link', { name: INSIGHTS_MSG.requestReply });
  const href = (await reply.getAttribute('href')) ?? '';
  expect(href.startsWith('mailto:dana%40example.org?')).toBe(true);
  expect(new URL(href).searchParams.get('body')).toContain(`> ${QUESTION}`);
  await item.getByRole('button', { name: INSIGHTS_MSG.markAnswered }).click();
  await expect(item).toContainText(INSIGHTS_MSG.requestStatus.answered);

  await page.goto('/dashboard/bots');
  await expect(card(page, bot.botName)).toContainText(DASHBOARD_MSG.newRequests(0));
});

test('a visitor who asks for a person is answered with the way to one, and the offer opens (issue 45)', async ({
  page,
}) => {
  const bot = await createReadyBot({ name: 'Harbour Desk', document: CLINIC_HANDBOOK, welcome: 'Hi!' });
  await page.goto(`/public-chat/${bot.botId}`);
  await messageBox(page).fill('Can I talk to someone at the front desk?');
  await page.getByRole('button', { name: 'Send message' }).click();
  const reply = page.getByText(/button below/);
  await expect(reply).toBeVisible();
  await expect(page.getByText(/couldn.t find|don.t have information/)).toHaveCount(0);
  await page.getByRole('button', { name: VISITOR_REQUEST_MSG.offerButton }).click();
  const form = page.getByRole('form', { name: VISITOR_REQUEST_MSG.title(bot.botName) });
  await expect(form.getByLabel(VISITOR_REQUEST_MSG.questionLabel)).toHaveValue(
    'Can I talk to someone at the front desk?',
  );
});

const POTTERY = `# Harbour Pottery Studio

## Classes
Wheel throwing classes run on Tuesday and Thursday evenings from 6pm to 8pm. A six-week course costs £180, clay and firing included.

## Contact
Call 0161 496 0000 or email hello@harbourpottery.example.
`;

test('an unsure reply says so in the widget, gives the closest passage and offers a way back (issue 44)', async ({
  page,
}) => {
  const bot = await createReadyBot({ name: 'Harbour Pottery', document: POTTERY, welcome: 'Hi!' });
  await page.setViewportSize({ width: 390, height: 760 });
  await page.goto(`/embed/${bot.shareId}`);
  await messageBox(page).fill('Do you run classes for kids?');
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByText(/closest I found/)).toBeVisible();
  await expect(page.getByText(/Wheel throwing classes run on Tuesday/)).toBeVisible();
  await expect(page.getByText(/couldn.t find/)).toHaveCount(0);
  await expect(page.getByText(VISITOR_REQUEST_MSG.offer(bot.botName))).toBeVisible();
  await page.getByRole('button', { name: VISITOR_REQUEST_MSG.offerButton }).click();
  const form = page.getByRole('form', { name: VISITOR_REQUEST_MSG.title(bot.botName) });
  await expect(form.getByLabel(VISITOR_REQUEST_MSG.questionLabel)).toHaveValue(
    'Do you run classes for kids?',
  );
});
