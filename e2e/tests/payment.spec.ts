import { expect, test, type Page } from '@playwright/test';
import { API, DASHBOARD_MSG, PLANS, PLANS_MSG, WIZARD_MSG } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import { DASHBOARD, apiUser, card, createBot, listBots, planCard } from '../support/dashboard.ts';
import { holdScripts } from '../support/hydration.ts';
import { sessionOf } from '../support/sessions.ts';
import { chooseAccount, newAccount, signIn } from '../support/sign-in.ts';
import { fileOfSize } from '../support/wizard.ts';

/** Fills the local test mode's card form: a card number, a future expiry, a CVC and a postal code. */
async function fillCard(page: Page, number: string, name?: string) {
  if (name !== undefined) await page.getByLabel('Cardholder name').fill(name);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Postal code').fill('M5V 2T6');
}

const payNow = (page: Page) => page.getByRole('button', { name: 'Pay Now' });

test.describe('paying for a plan', () => {
  test("a plan chosen before the page's scripts ran still reaches /payment after sign-in", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    // The prerendered plan table is there before its scripts: its link is a plain page load.
    await page.goto('/plans', { waitUntil: 'commit' });
    const choosePro = page.getByRole('link', { name: 'Choose Pro' });
    await expect(choosePro).toBeVisible();
    await choosePro.click();
    release();
    await expect(page).toHaveURL(/\/login$/);
    await chooseAccount(page, newAccount('Early Clicker'));
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByRole('region', { name: 'Pro' })).toContainText(PLANS.pro.priceText);
  });

  test('signed out, Basic goes through /login to /payment; a declined card changes nothing, 4242 pays', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ reducedMotion: 'no-preference' }); // The success page's confetti is drawn.
    const account = newAccount('Paige Payer');
    await page.goto('/plans');
    await page.getByRole('link', { name: 'Choose Basic' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await chooseAccount(page, account);
    await expect(page).toHaveURL(/\/payment$/);
    const summary = page.getByRole('region', { name: 'Basic' });
    await expect(summary).toContainText('$19/mo');
    await expect(summary).toContainText('Standard text chatbot');
    await expectAccessible(page, 'the payment form');

    await fillCard(page, '4000 0000 0000 0002');
    await payNow(page).click();
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await expect(page).toHaveURL(/\/payment$/);
    const user = await apiUser(account);
    const before = await page.request.get(API.planStatus, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect((await before.json()).userPlan.planName).toBe('Free Trial');

    await fillCard(page, '4242 4242 4242 4242', 'Paige Payer');
    await payNow(page).click();
    await expect(page).toHaveURL(/\/payment\/success$/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText('Congratulations')).toBeVisible();
    await expect(page.getByText('Basic', { exact: true })).toBeVisible();
    await expect(page.locator('canvas[data-confetti-pieces="200"]')).toHaveCount(1);
    await expectAccessible(page, 'payment success');
    await page.getByRole('link', { name: 'Continue to Dashboard' }).click();
    await expect(page).toHaveURL(/\/wizard$/);
    // The plan's document size applies at once: Basic reads documents up to 10MB.
    await page.getByRole('radio', { name: /Text Bot/ }).check();
    await page.getByRole('button', { name: 'Start building' }).click();
    await expect(page.getByText('PDF, Word or text file, or a photo of one, up to 10MB')).toBeVisible();
    await page
      .getByLabel('Choose a document')
      .setInputFiles(fileOfSize('menu.txt', 'text/plain', 11 * 1024 * 1024));
    await expect(page.getByText(WIZARD_MSG.documentTooLargeFor(10 * 1024 * 1024))).toBeVisible();

    await page.goto(DASHBOARD);
    await expect(planCard(page)).toContainText('Basic');
    await expect(planCard(page)).toContainText('0 / 3 bots used');
    await expect(planCard(page)).toContainText(/Paid until \w+ \d{1,2}, \d{4}/);
  });

  test('a Free Trial owner stuck at one bot upgrades from the delete dialog and deletes it (decision 101)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const account = newAccount('Stan Stuck');
    const user = await apiUser(account);
    const botId = await createBot(user, 'Stuck Helper');
    await signIn(page, account);
    await page.goto(DASHBOARD);
    await card(page, 'Stuck Helper').getByRole('button', { name: 'Delete Stuck Helper' }).click();
    await page
      .getByRole('dialog', { name: DASHBOARD_MSG.upgradeTitle })
      .getByRole('button', { name: 'View Plans' })
      .click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByRole('status')).toHaveText(PLANS_MSG.deleteNeedsPaidPlan('Stuck Helper'));
    await page.getByRole('link', { name: 'Choose Pro' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByRole('region', { name: 'Pro' })).toContainText('$49/mo');
    await fillCard(page, '4242424242424242');
    await payNow(page).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to Dashboard' }).click();

    await expect(page).toHaveURL(new RegExp(`${DASHBOARD}$`));
    const confirm = page.getByRole('dialog', { name: DASHBOARD_MSG.confirmTitle });
    await expect(confirm).toContainText('Stuck Helper');
    await confirm.getByRole('button', { name: 'Delete Bot' }).click();
    await expect(card(page, 'Stuck Helper')).toHaveCount(0);
    await expect(planCard(page)).toContainText('Pro');
    expect((await listBots(user)).map((bot) => bot.botId)).not.toContain(botId);
  });

  test('redirects: no plan goes to the wizard, Enterprise to contact, an unknown plan is Basic', async ({
    page,
    browser,
  }) => {
    await page.goto('/payment/success');
    await expect(page).toHaveURL(/\/wizard$/);

    const ownerContext = await browser.newContext({ storageState: sessionOf('owner') });
    const owner = await ownerContext.newPage();
    await owner.goto('/payment');
    await expect(owner.getByRole('button', { name: /Welcome/ })).toBeVisible();
    await expect(owner).toHaveURL(/\/wizard$/);

    const visitPayment = async (planKey: string) => {
      await owner.evaluate((key) => {
        window.history.pushState({ usr: { planKey: key }, key: 'test', idx: 1 }, '', '/payment');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, planKey);
    };
    await visitPayment('enterprise');
    await expect(owner).toHaveURL(/\/contact$/);
    await visitPayment('trial');
    await expect(owner).toHaveURL(/\/wizard$/);
    await visitPayment('gold');
    await expect(owner).toHaveURL(/\/payment$/);
    await expect(owner.getByRole('region', { name: 'Basic' })).toBeVisible();
    await ownerContext.close();
  });
});
