import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import {
  CONTACT_CHOICE_MSG,
  CREATIVITY_CHOICES,
  DASHBOARD_MSG,
  NO_CONTACT_DECLINES,
  TONE_LABELS,
  WIZARD_MSG,
} from '@vuxo/shared';
import { BOT_STATUS } from '@vuxo/testkit';
import { expectAccessible } from '../support/axe.ts';
import { messageBox } from '../support/bots.ts';
import {
  DASHBOARD,
  apiUser,
  card,
  createBot,
  listBots,
  openDashboard,
  type ApiUser,
} from '../support/dashboard.ts';
import { newAccount } from '../support/sign-in.ts';
import { chooseAvatar, logoPng } from '../support/wizard.ts';

/** The bot's settings after the wizard, from its card: each change shows in the widget at once, no rebuild. */

const log = (page: Page) => page.getByRole('log', { name: 'Messages' });

test.describe('a bot’s settings', () => {
  const account = newAccount('Sasha Settings');
  const botName = 'Salon Helper';
  let user: ApiUser;

  test.beforeAll(async () => {
    user = await apiUser(account);
    await createBot(user, botName);
  });

  test('edit the name, welcome message, tone, creativity, contact and avatar, and see them in the widget', async ({
    page,
  }) => {
    await openDashboard(page, account);
    await card(page, botName)
      .getByRole('button', { name: DASHBOARD_MSG.editSettingsOf(botName) })
      .click();
    const dialog = page.getByRole('dialog', { name: DASHBOARD_MSG.settingsTitle(botName) });
    await expect(dialog).toBeVisible();
    const name = dialog.getByRole('textbox', { name: 'Bot name' });
    const welcome = dialog.getByRole('textbox', { name: 'Welcome message' });
    await expect(name).toHaveValue(botName);
    await expect(welcome).toHaveValue('Hello! Ask me about our clinic.');
    await expectAccessible(page, 'bot settings dialog');

    // The wizard's rules and messages.
    await name.fill('Salon <Bot>');
    await welcome.fill('');
    await dialog.getByRole('button', { name: DASHBOARD_MSG.settingsSave }).click();
    await expect(dialog.getByText(WIZARD_MSG.nameCharacters)).toBeVisible();
    await expect(dialog.getByText(WIZARD_MSG.welcomeRequired)).toBeVisible();

    await name.fill('Studio Bot');
    await welcome.fill('Welcome to the studio! Ask about cuts and colour.');
    await dialog.getByRole('radio', { name: new RegExp(TONE_LABELS.formal) }).check();
    await dialog.getByRole('radio', { name: new RegExp(CREATIVITY_CHOICES.restricted.label) }).check();
    await dialog.getByRole('radio', { name: CONTACT_CHOICE_MSG.other }).check();
    await dialog.getByRole('textbox', { name: CONTACT_CHOICE_MSG.otherField }).fill('desk@studio.example');
    await chooseAvatar(page, await logoPng('studio.png'));
    await expect(dialog.getByRole('img', { name: 'Studio Bot avatar' })).toBeVisible();
    await dialog.getByRole('button', { name: DASHBOARD_MSG.settingsSave }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card(page, 'Studio Bot')).toBeVisible();
    await expect(card(page, 'Studio Bot').locator('img')).toBeVisible();

    const bot = (await listBots(user))[0]!;
    expect(bot.botImageUrl).toBeTruthy();
    expect(bot).toMatchObject({
      botName: 'Studio Bot',
      status: BOT_STATUS.ready,
      chatbotTone: 'formal',
      creativityLevel: 'restricted',
      contactEmail: 'desk@studio.example',
    });

    // The widget: the new name and welcome at once, and the new name and tone in its answers.
    await page.goto(`/embed/${bot.shareId}`);
    const panel = page.getByRole('region', { name: 'Chat with Studio Bot' });
    await expect(panel.getByRole('heading', { name: 'Studio Bot' })).toBeVisible();
    await expect(log(page).getByText('Welcome to the studio! Ask about cuts and colour.')).toBeVisible();
    await expect(panel.locator(`img[src="${bot.botImageUrl}"]`).first()).toBeVisible();
    await messageBox(page).fill('Hello');
    await messageBox(page).press('Enter');
    await expect(log(page).getByText('Good day. I am Studio Bot. How may I assist you?')).toBeVisible({
      timeout: 15_000,
    });
    await messageBox(page).fill('Do you offer dental cleaning?');
    await messageBox(page).press('Enter');
    await expect(
      log(page)
        .getByText(/desk@studio\.example/)
        .first(),
    ).toBeVisible({ timeout: 15_000 });
  });
});

test.describe('a bot’s contact, chosen again after the wizard', () => {
  const account = newAccount('Noor Nocontact');
  const botName = 'Quiet Helper';
  let user: ApiUser;

  test.beforeAll(async () => {
    user = await apiUser(account);
    await createBot(user, botName);
  });

  /** Opens the bot's settings, makes the contact choice and saves. */
  async function chooseContact(page: Page, choice: string, checked: string) {
    await card(page, botName)
      .getByRole('button', { name: DASHBOARD_MSG.editSettingsOf(botName) })
      .click();
    const dialog = page.getByRole('dialog', { name: DASHBOARD_MSG.settingsTitle(botName) });
    const choices = dialog.getByRole('radiogroup', { name: CONTACT_CHOICE_MSG.legend });
    await expect(choices.getByRole('radio', { name: checked })).toBeChecked();
    await choices.getByRole('radio', { name: choice }).check();
    await dialog.getByRole('button', { name: DASHBOARD_MSG.settingsSave }).click();
    await expect(dialog).toHaveCount(0);
  }

  test('the owner chooses no contact in the settings: the widget’s decline gives no address; then the sign-in email again', async ({
    page,
  }) => {
    const signIn = CONTACT_CHOICE_MSG.signIn(account.email);
    await openDashboard(page, account);
    await chooseContact(page, CONTACT_CHOICE_MSG.none, signIn);
    const bot = (await listBots(user))[0]!;
    expect(bot).toMatchObject({ contactChoice: 'none', contactEmail: null });

    await page.goto(`/embed/${bot.shareId}`);
    await messageBox(page).fill('Do you offer dental cleaning?');
    await messageBox(page).press('Enter');
    await expect(log(page).getByText(NO_CONTACT_DECLINES[bot.chatbotTone])).toBeVisible({ timeout: 15_000 });
    await expect(log(page)).not.toContainText('@');

    // Back to the sign-in email: the dialog opens on "No contact", and declines give the address again.
    await page.goto(DASHBOARD);
    await chooseContact(page, signIn, CONTACT_CHOICE_MSG.none);
    expect((await listBots(user))[0]).toMatchObject({
      contactChoice: 'sign-in',
      contactEmail: account.email,
    });
    await page.goto(`/embed/${bot.shareId}`);
    await messageBox(page).fill('Do you offer dental cleaning?');
    await messageBox(page).press('Enter');
    await expect(log(page).getByText(account.email).first()).toBeVisible({ timeout: 15_000 });
  });
});
