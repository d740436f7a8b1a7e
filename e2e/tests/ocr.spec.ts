import { expect, test } from '@playwright/test';
import { SESSION_KEYS, WIZARD_LABELS, WIZARD_MSG } from '@vuxo/shared';
import { BOT_STATUS } from '@vuxo/testkit';
import { makeScannedPdf, MENU_LINES, renderScan } from '../../apps/server/test/fixtures/scan-fixtures.ts';
import { messageBox } from '../support/bots.ts';
import { newAccount, signIn } from '../support/sign-in.ts';
import {
  clickNext,
  fillSettings,
  idTokenFor,
  listBots,
  sessionItem,
  startTextBot,
  uploadDocument,
} from '../support/wizard.ts';

/** Issue 33: a photo of a menu is read by OCR in the wizard and becomes a bot that answers from it. */
test('a photo of a menu: the wizard reads it, shows the text with the OCR note, the owner fixes a word, and the bot answers from the fix', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const account = newAccount('Luigi Owner');
  await signIn(page, account);
  await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
  await startTextBot(page);

  // One photo is read within the upload (seconds); a longer scan shows its pages (the test below).
  await uploadDocument(page, { name: 'menu.png', mimeType: 'image/png', buffer: renderScan(MENU_LINES) });
  await expect(page.getByText(WIZARD_MSG.ocrNote)).toBeVisible();
  const readout = page.getByRole('region', { name: WIZARD_MSG.ocrTextLabel });
  await expect(readout).toContainText('Lasagna al forno $18');
  await expect(readout).toContainText('On Sunday we open at noon and we close at 8pm.');

  // The owner fixes a word (the price changed since the menu was printed) before the bot is built.
  await page.getByRole('button', { name: WIZARD_MSG.ocrEdit }).click();
  const box = page.getByRole('textbox', { name: WIZARD_MSG.ocrTextLabel });
  await box.fill((await box.inputValue()).replace('$18', '$19'));
  await page.getByRole('button', { name: WIZARD_MSG.ocrSave }).click();
  await expect(page.getByRole('status').filter({ hasText: WIZARD_MSG.ocrSaved })).toBeVisible();
  await expect(readout).toContainText('Lasagna al forno $19');

  await fillSettings(page, { name: 'Luigi Helper', creativity: 'Restricted' });
  await clickNext(page, 'Finish');
  await expect(page.getByRole('heading', { name: WIZARD_MSG.ready })).toBeVisible({ timeout: 30_000 });
  const botId = await sessionItem(page, SESSION_KEYS.activeDocId);
  await page.getByRole('button', { name: WIZARD_LABELS.viewBot }).click();

  const token = await idTokenFor(account);
  await expect
    .poll(async () => (await listBots(page, token)).find((bot) => bot.botId === botId)?.status, {
      timeout: 60_000,
      intervals: [500, 1000, 2000],
    })
    .toBe(BOT_STATUS.ready);

  const visitor = await browser.newContext({ baseURL: baseURL! });
  try {
    const chat = await visitor.newPage();
    await chat.goto(`/public-chat/${botId}`);
    await messageBox(chat).fill('How much is the lasagna?');
    await chat.getByRole('button', { name: 'Send message' }).click();
    await expect(chat.getByRole('log', { name: 'Messages' })).toContainText('$19');
  } finally {
    await visitor.close();
  }
});

test('a long scan: leaving the wizard does not lose the reading, and a reading can be cancelled', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const account = newAccount('Scan Owner');
  await signIn(page, account);
  await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
  const menu = renderScan(MENU_LINES);
  const scan = Buffer.from(await makeScannedPdf([menu, menu, menu]));
  const chooseScan = () =>
    page
      .getByLabel('Choose a document')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: scan });
  const reading = page.getByRole('progressbar', { name: WIZARD_MSG.readingLabel('scan.pdf') });

  await startTextBot(page);
  await chooseScan();
  await expect(reading).toBeVisible({ timeout: 30_000 });
  // The owner leaves, and comes back: the reading went on, and the wizard finds it again.
  await page.goto('/');
  await startTextBot(page);
  await expect(page.getByRole('button', { name: 'Remove scan.pdf' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('region', { name: WIZARD_MSG.ocrTextLabel })).toContainText('Lasagna al forno');

  // A new upload in the same wizard, cancelled while it is read.
  await page.getByRole('button', { name: 'Remove scan.pdf' }).click();
  await page
    .getByRole('dialog', { name: 'Remove this document?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await chooseScan();
  await expect(reading).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: WIZARD_MSG.readingCancel }).click();
  await expect(page.getByText(WIZARD_MSG.readingCancelled)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Choose a document')).toBeAttached();
});
