import { expect, test } from '@playwright/test';
import { API } from '@vuxo/shared/api';
import { ADMIN_MSG, adminListPath } from '@vuxo/shared/admin';
import { NOT_FOUND_MSG } from '@vuxo/shared/messages';
import { expectAccessible } from '../support/axe.ts';
import { apiUser } from '../support/dashboard.ts';
import { E2E_ADMIN_EMAIL } from '../support/env.ts';
import { ROLE_ACCOUNTS, sessionOf, signedInAs } from '../support/sessions.ts';

test.describe('the admin console', () => {
  test('is not there for visitors or owners: the not-found page, and the API answers 404', async ({
    page,
    browser,
  }) => {
    await page.goto('/ai-admin');
    await expect(page.getByRole('heading', { name: NOT_FOUND_MSG.title })).toBeVisible();

    const ownerContext = await browser.newContext({ storageState: sessionOf('owner') });
    const owner = await ownerContext.newPage();
    await owner.goto('/ai-admin');
    await expect(owner.getByRole('button', { name: /Welcome/ })).toBeVisible();
    await expect(owner.getByRole('heading', { name: NOT_FOUND_MSG.title })).toBeVisible();
    await expect(owner.getByRole('heading', { name: ADMIN_MSG.title })).toHaveCount(0);
    await ownerContext.close();

    const user = await apiUser(ROLE_ACCOUNTS.owner);
    const res = await page.request.get(adminListPath('users'), {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status()).toBe(404);
  });

  test.describe(() => {
    test.use(signedInAs('staff'));
    test('staff find a contact message by search, and see users and their plans', async ({ page }) => {
      const tag = Date.now().toString(36);
      const sent = await page.request.post(API.contactMessages, {
        data: {
          name: `Grace ${tag}`,
          email: `grace.${tag}@example.com`,
          company: 'Hopper Labs',
          subject: 'Partner application',
          message: `We would like to resell Vuxo (${tag}).`,
        },
      });
      expect(sent.status()).toBe(200);

      await page.goto('/ai-admin');
      await expect(page.getByRole('heading', { name: ADMIN_MSG.title })).toBeVisible();
      const users = page.getByRole('table', { name: 'Users' });
      await expect(
        users.getByRole('row', { name: new RegExp(E2E_ADMIN_EMAIL.replace(/\./g, '\\.')) }),
      ).toContainText('Free Trial');

      await page.getByRole('button', { name: 'Contact messages' }).click();
      await expect(page).toHaveURL(/list=messages/);
      await page.getByLabel(ADMIN_MSG.searchLabel).fill(tag);
      await expect(page).toHaveURL(new RegExp(`q=${tag}`));
      const messages = page.getByRole('table', { name: 'Contact messages' });
      await expect(messages.getByRole('row')).toHaveCount(2);
      await expect(messages).toContainText(`Grace ${tag}`);
      await expect(messages).toContainText('Partner application');
      await expectAccessible(page, 'the admin console');

      await page.getByLabel(ADMIN_MSG.searchLabel).fill(`${tag}-nobody`);
      await expect(page.getByText(ADMIN_MSG.noMatch)).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(ADMIN_MSG.searchLabel)).toHaveValue(`${tag}-nobody`);
    });
  });
});
