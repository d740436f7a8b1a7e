import { expect, test } from '@playwright/test';
import {
  API,
  CONTACT_CHOICE_MSG,
  CONTACT_MSG,
  DASHBOARD_MSG,
  SESSION_KEYS,
  WIZARD_LABELS,
  WIZARD_MSG,
  WIZARD_STAGES,
} from '@vuxo/shared';
import { BOT_STATUS } from '@vuxo/testkit';
import { expectAccessible } from '../support/axe.ts';
import { messageBox } from '../support/bots.ts';
import { signedInAs } from '../support/sessions.ts';
import { chooseAccount, newAccount, signIn } from '../support/sign-in.ts';
import {
  bakeryPdf,
  createBotThroughApi,
  chooseAvatar,
  clickNext,
  fileOfSize,
  fillSettings,
  idTokenFor,
  listBots,
  logoPng,
  sessionItem,
  startTextBot,
  stepHeading,
  textFile,
  uploadDocument,
} from '../support/wizard.ts';

/**
 * The bot-building wizard, as a business owner uses it.
 * Uploads are rate-limited per address, so these specs upload eight files in all.
 */

const SHOP_TEXT =
  'Opening hours\nWe are open every day from 9 am to 5 pm.\n\nReturns\nReturns are free within 30 days.';

test.describe('the wizard', () => {
  test('signed in, builds a bot from a real PDF with an avatar and its own contact, and the bot becomes Ready', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const account = newAccount('Rosa Baker');
    await signIn(page, account);
    await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
    await page.goto('/');
    await startTextBot(page);
    const stages = page.getByRole('list', { name: 'Progress' });
    for (const stage of WIZARD_STAGES) await expect(stages.getByText(stage, { exact: true })).toBeVisible();

    await uploadDocument(page, await bakeryPdf());
    // The card shows what the server read: the page count and the document's opening words.
    await expect(page.getByText(/^\d+ (B|KB) · 1 page · Uploaded$/)).toBeVisible();
    await expect(
      page.getByText(/^“Sunrise Bakery Opening hours We are open Monday to Saturday/),
    ).toBeVisible();
    await fillSettings(page, {
      welcome: 'Hi! Ask me anything about Sunrise Bakery.',
      tone: 'Professional',
      name: 'Sunrise Helper',
      avatar: await logoPng(),
      creativity: 'Restricted',
    });
    await expect(page.getByText(WIZARD_LABELS.upgradeHint)).toBeVisible();

    // The last step asks which contact the bot gives when it cannot answer: the sign-in email, shown as public,
    // to begin with.
    const contactChoice = page.getByRole('radiogroup', { name: CONTACT_CHOICE_MSG.legend });
    await expect(
      contactChoice.getByRole('radio', { name: CONTACT_CHOICE_MSG.signIn(account.email) }),
    ).toBeChecked();
    await expect(contactChoice.getByRole('radio', { name: CONTACT_CHOICE_MSG.none })).toBeVisible();
    await contactChoice.getByRole('radio', { name: CONTACT_CHOICE_MSG.other }).check();
    const contactField = page.getByRole('textbox', { name: CONTACT_CHOICE_MSG.otherField });
    await contactField.fill('the front desk');
    await clickNext(page, 'Finish');
    await expect(page.getByRole('alert').filter({ hasText: CONTACT_MSG.invalid })).toBeVisible();
    await expectAccessible(page, 'the last step with its contact error');
    const contact = 'orders@sunrise-bakery.example';
    await contactField.fill(` ${contact} `);
    // The server's answers on the build are held until the learning screen is checked (decision 102).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${API.listBots}`, async (route) => {
      await held;
      await route.continue();
    });
    await clickNext(page, 'Finish');

    await expect(page.getByRole('heading', { name: WIZARD_MSG.learning })).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByRole('status').filter({ hasText: WIZARD_MSG.learningLine('Sunrise Helper') }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: WIZARD_MSG.ready })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: WIZARD_MSG.ready })).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByRole('status').filter({ hasText: WIZARD_MSG.readyLine('Sunrise Helper') }),
    ).toBeVisible();
    await page.unroute(`**${API.listBots}`);
    const botId = await sessionItem(page, SESSION_KEYS.activeDocId);
    expect(botId).toBeTruthy();
    expect(await sessionItem(page, SESSION_KEYS.sessionId)).toBeNull();
    await expect(page.getByRole('textbox', { name: CONTACT_CHOICE_MSG.otherField })).toHaveValue(contact);

    await page.getByRole('button', { name: WIZARD_LABELS.viewBot }).click();
    await expect(page).toHaveURL(/\/dashboard\/bots$/);
    await expect(page.getByRole('heading', { name: DASHBOARD_MSG.title })).toBeVisible();
    await expect(page.getByText(DASHBOARD_MSG.newBotNotice('Sunrise Helper'))).toBeVisible();
    // View Bot replaced the wizard in history: Back returns to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);

    const token = await idTokenFor(account);
    await expect
      .poll(async () => (await listBots(page, token)).find((bot) => bot.botId === botId)?.status, {
        timeout: 60_000,
        intervals: [500, 1000, 2000],
      })
      .toBe(BOT_STATUS.ready);
    const bot = (await listBots(page, token)).find((b) => b.botId === botId);
    expect(bot).toMatchObject({ botName: 'Sunrise Helper', contactEmail: contact });
    expect(bot?.botImageUrl).toBeTruthy();

    // A visitor asks what the document does not say: the decline gives the chosen address, not the sign-in one.
    const visitor = await browser.newContext({ baseURL: baseURL! });
    try {
      const chat = await visitor.newPage();
      await chat.goto(`/public-chat/${botId}`);
      await expect(chat.getByRole('heading', { level: 1, name: 'Sunrise Helper' })).toBeVisible();
      await messageBox(chat).fill('Do you offer dental cleaning?');
      await chat.getByRole('button', { name: 'Send message' }).click();
      const log = chat.getByRole('log', { name: 'Messages' });
      await expect(log).toContainText(contact);
      await expect(log).not.toContainText(account.email);
    } finally {
      await visitor.close();
    }
  });

  test("shows each step's validation message for its bad input", async ({ page }) => {
    // Every step of the wizard, two uploads (each read in a process of its own) and debounced clicks: a long walk.
    test.slow();
    await startTextBot(page);
    const alert = (message: string) => page.getByRole('alert').filter({ hasText: message });

    // Step 0: nothing uploaded, a wrong type, too large, a document the server cannot read.
    await clickNext(page);
    await expect(alert(WIZARD_MSG.documentRequired)).toBeVisible();
    await expectAccessible(page, 'the upload step with its error');
    await expect(
      alert(WIZARD_MSG.documentRequired).getByRole('button', { name: /Copy details/ }),
    ).toBeVisible();
    const input = page.getByLabel('Choose a document');
    // JPEG, PNG and WebP photos are documents (read by OCR); a GIF is not.
    await input.setInputFiles({ ...(await logoPng()), name: 'photo.gif', mimeType: 'image/gif' });
    await expect(alert(WIZARD_MSG.documentType)).toBeVisible();
    await input.setInputFiles(fileOfSize('huge.pdf', 'application/pdf', 5 * 1024 * 1024 + 1));
    await expect(alert(WIZARD_MSG.documentTooLarge)).toBeVisible();
    // A GIF renamed to .pdf passes the browser's check; the server reads its bytes and refuses it.
    const gif = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.alloc(64)]);
    await input.setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: gif });
    await expect(alert(WIZARD_MSG.documentUploadFailed(WIZARD_MSG.documentType))).toBeVisible({
      timeout: 30_000,
    });
    // So is a file that starts with an image signature and goes on as text.
    await input.setInputFiles(fileOfSize('huge.pdf', 'application/pdf', 5 * 1024 * 1024 + 1));
    await expect(alert(WIZARD_MSG.documentUploadFailed(WIZARD_MSG.documentType))).toHaveCount(0);
    const signature = Buffer.from('GIF89a', 'ascii');
    const text = Buffer.from(' Opening hours: Monday to Friday, 9 to 5. '.repeat(20));
    await input.setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([signature, text]),
    });
    await expect(alert(WIZARD_MSG.documentUploadFailed(WIZARD_MSG.documentType))).toBeVisible({
      timeout: 30_000,
    });

    // A slow upload shows its progress bar; Back and Next wait for it.
    await page.route(API.extract, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByLabel('Choose a document').setInputFiles(textFile('shop.txt', SHOP_TEXT));
    await expect(page.getByRole('progressbar', { name: 'Uploading shop.txt' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Remove shop.txt' })).toBeVisible({ timeout: 30_000 });
    await page.unroute(API.extract);

    // Removal asks first.
    await page.getByRole('button', { name: 'Remove shop.txt' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this document?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Remove shop.txt' })).toBeVisible();

    // Step 1: required, at most 200 characters; Back clears the error of the step left.
    await clickNext(page);
    const welcome = page.getByRole('textbox', { name: 'Welcome message' });
    await expect(welcome).toHaveValue('Hello! How can I help you today?');
    await welcome.fill('');
    await clickNext(page);
    await expect(alert(WIZARD_MSG.welcomeRequired)).toBeVisible();
    await welcome.fill('x'.repeat(201));
    await clickNext(page);
    await expect(alert(WIZARD_MSG.welcomeTooLong)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(stepHeading(page, 0)).toBeVisible();
    await clickNext(page);
    await expect(alert(WIZARD_MSG.welcomeTooLong)).toHaveCount(0);
    await welcome.fill('Welcome to the shop!');

    // Step 2: four tones, friendly by default.
    await clickNext(page);
    await expect(stepHeading(page, 2)).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(4);
    await expect(page.getByRole('radio', { name: /Friendly/ })).toBeChecked();
    await expectAccessible(page, 'the tone step');

    // Step 3: required, at most 50 characters, only some characters.
    await clickNext(page);
    const name = page.getByRole('textbox', { name: 'Bot name' });
    await expect(name).toHaveValue('Vuxo');
    for (const [value, message] of [
      ['', WIZARD_MSG.nameRequired],
      ['x'.repeat(51), WIZARD_MSG.nameTooLong],
      ['Bad$Name', WIZARD_MSG.nameCharacters],
    ]) {
      await name.fill(value!);
      await clickNext(page);
      await expect(alert(message!)).toBeVisible();
    }
    await name.fill('Shop Helper');

    // Step 4: a wrong type, too large; the editor's Cancel keeps nothing; removal asks first.
    await clickNext(page);
    const image = page.getByLabel('Choose an image');
    await image.setInputFiles(textFile('notes.txt', 'not an image'));
    await expect(alert(WIZARD_MSG.imageType)).toBeVisible();
    await image.setInputFiles(fileOfSize('big.png', 'image/png', 1024 * 1024 + 1));
    await expect(alert(WIZARD_MSG.imageTooLarge)).toBeVisible();
    await image.setInputFiles(await logoPng());
    await page
      .getByRole('dialog', { name: 'Edit your avatar' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(page.getByRole('img', { name: 'Shop Helper avatar' })).toHaveCount(0);
    await chooseAvatar(page, await logoPng());
    await expect(page.getByRole('img', { name: 'Shop Helper avatar' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove avatar' }).click();
    await page
      .getByRole('dialog', { name: 'Remove the avatar?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByRole('img', { name: 'Shop Helper avatar' })).toHaveCount(0);

    // Step 5: two creativity levels and the upgrade hint; the button reads Finish.
    await clickNext(page);
    await expect(page.getByRole('radio', { name: /Document-based/ })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Document \+ Knowledge/ })).toBeChecked();
    await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
    await expect(page.getByRole('button', { name: 'Finish' })).toBeEnabled();
    await expectAccessible(page, 'the creativity step');
  });

  test('signed out, Finish goes to /login and, after sign-in, the bot is saved by itself', async ({
    page,
  }) => {
    const account = newAccount('Omar Grocer');
    await startTextBot(page);
    await uploadDocument(page, textFile('grocer.txt', SHOP_TEXT));
    await fillSettings(page, { name: 'Grocer Bot', avatar: await logoPng('grocer.png') });
    await clickNext(page, 'Finish');

    await expect(page).toHaveURL(/\/login$/);
    await chooseAccount(page, account);
    await expect(page).toHaveURL(/\/wizard$/);
    await expect(page.getByRole('heading', { name: WIZARD_MSG.ready })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('img', { name: 'Grocer Bot avatar' })).toBeVisible();
    await expectAccessible(page, 'the summary');

    // The summary asks for the bot's contact for questions it cannot answer: the sign-in email to begin with.
    const contactChoice = page.getByRole('radiogroup', { name: CONTACT_CHOICE_MSG.legend });
    await expect(
      contactChoice.getByRole('radio', { name: CONTACT_CHOICE_MSG.signIn(account.email) }),
    ).toBeChecked();
    await contactChoice.getByRole('radio', { name: CONTACT_CHOICE_MSG.other }).check();
    await page.getByRole('textbox', { name: CONTACT_CHOICE_MSG.otherField }).fill('orders@grocer.example');
    await page.getByRole('button', { name: CONTACT_MSG.save }).click();
    await expect(page.getByText(CONTACT_MSG.saved)).toBeVisible();

    const bots = await listBots(page, await idTokenFor(account));
    expect(bots).toHaveLength(1);
    expect(bots[0]).toMatchObject({
      botName: 'Grocer Bot',
      botId: await sessionItem(page, SESSION_KEYS.activeDocId),
      contactEmail: 'orders@grocer.example',
    });
    expect(bots[0]?.botImageUrl).toBeTruthy();

    // The post-login action was cleared: a reload starts afresh rather than saving again, and the
    // Free Trial's one bot is now used.
    await page.reload();
    await expect(page.getByRole('dialog', { name: WIZARD_MSG.limitTitle })).toBeVisible();
    expect(await listBots(page, await idTokenFor(account))).toHaveLength(1);
  });

  test('the live preview answers its sample question instead of typing forever', async ({ page }) => {
    await startTextBot(page);
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await expect(preview.getByText('What are your opening hours?')).toBeVisible();
    await expect(preview.getByText('I answer from your document, around the clock.')).toBeVisible();
  });

  test('Phone Bot requires a paid plan: choosing it goes to /plans', async ({ page }) => {
    await page.goto('/wizard');
    await expect(page.getByText('Free Trial Available')).toBeVisible();
    await expect(page.getByText('Requires Paid Plan')).toBeVisible();
    await expectAccessible(page, 'the bot-type choice');
    await page.getByRole('radio', { name: /Phone Bot/ }).check();
    await page.getByRole('button', { name: 'See paid plans' }).click();
    await expect(page).toHaveURL(/\/plans$/);
  });

  test("a user at the plan's bot limit sees 'Bot Limit Reached'", async ({ page }) => {
    const account = newAccount('Lena Limit');
    await createBotThroughApi(page, await idTokenFor(account), textFile('shop.txt', SHOP_TEXT));

    await signIn(page, account);
    await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
    await page.goto('/wizard');
    const dialog = page.getByRole('dialog', { name: WIZARD_MSG.limitTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(WIZARD_MSG.limitText(1));
    await expect(dialog.getByRole('button', { name: WIZARD_LABELS.upgradePlan })).toBeVisible();
    await dialog.getByRole('button', { name: WIZARD_LABELS.manageBots }).click();
    await expect(page).toHaveURL(/\/dashboard\/bots$/);
  });

  test.describe(() => {
    // Every save is answered by the test: the shared owner keeps no bot.
    test.use(signedInAs('owner'));
    test('save failures: the limit dialog, Setup Failed with its error, an expired session', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await startTextBot(page);
      await expect(page.getByRole('button', { name: /Welcome/ })).toBeVisible();
      await uploadDocument(page, textFile('shop.txt', SHOP_TEXT));
      await fillSettings(page, {});

      const answer = (status: number, body: object) =>
        page.route(API.saveConfig, (route) => route.fulfill({ status, json: body }), { times: 1 });

      await answer(403, { error: 'limit', code: 'BOT_LIMIT_REACHED', maxBots: 3 });
      await clickNext(page, 'Finish');
      const dialog = page.getByRole('dialog', { name: WIZARD_MSG.limitTitle });
      await expect(dialog).toContainText(WIZARD_MSG.limitText(3));
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(stepHeading(page, 5)).toBeVisible();

      await answer(500, { error: 'Database unavailable' });
      await clickNext(page, 'Finish');
      await expect(page.getByRole('heading', { name: WIZARD_MSG.failed })).toBeVisible();
      const failure = page
        .getByRole('alert')
        .filter({ hasText: WIZARD_MSG.saveFailed('Database unavailable') });
      await expect(failure).toBeVisible();
      await expect(failure.getByRole('button', { name: /Copy details/ })).toBeVisible();
      await page.getByRole('button', { name: 'Back to settings' }).click();

      await answer(409, { error: WIZARD_MSG.sessionExpired });
      await clickNext(page, 'Finish');
      const toast = page.getByRole('alert').filter({ hasText: WIZARD_MSG.sessionExpired });
      await expect(toast).toBeVisible();
      await expect(page).toHaveURL(/\/wizard$/);
      await expect(page.getByRole('button', { name: 'Start building' })).toBeVisible();
      await expect(toast).toBeHidden({ timeout: 8_000 });
    });
  });
});
