import { expect, test } from '@playwright/test';
import { CONTACT_FORM_MSG } from '@vuxo/shared';
import { expectAccessible } from '../support/axe.ts';
import { holdScripts, waitForHydration } from '../support/hydration.ts';

test.describe('the contact form', () => {
  test('says what is missing, then sends; a call to action fills in the subject', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/become-a-partner');
    await page
      .getByRole('region', { name: 'Apply in five minutes' })
      .getByRole('link', { name: 'Contact Us' })
      .click();
    await expect(page).toHaveURL(/\/contact\?subject=Partner%20application$/);
    await page.reload(); // The prerendered page, hydrated with the subject.
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(form.getByLabel('Subject (optional)')).toHaveValue('Partner application');
    await waitForHydration(form.getByRole('button', { name: 'Send message' }));

    await form.getByLabel('Email').fill('not an email');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText(CONTACT_FORM_MSG.nameRequired)).toBeVisible();
    await expect(form.getByText(CONTACT_FORM_MSG.emailInvalid)).toBeVisible();
    await expect(form.getByText(CONTACT_FORM_MSG.messageRequired)).toBeVisible();
    await expect(form.getByLabel('Name')).toBeFocused();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'the contact form with its errors');

    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Company (optional)').fill('Analytical Engines');
    await form.getByLabel('Message').fill('We would like to offer your chatbots to our clients.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('status')).toHaveText(CONTACT_FORM_MSG.sent);
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Subject (optional)')).toHaveValue('');
    // The prerendered page had no subject; filling it in after hydration is no mismatch.
    expect(errors).toEqual([]);
  });

  test('keeps what was typed into the page before its scripts ran', async ({ page }) => {
    const release = await holdScripts(page);
    // The page's module scripts hold DOMContentLoaded back: the prerendered form is there before it.
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(form.getByLabel('Name')).toBeEditable();
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Message').fill('Typed before the scripts arrived.');
    release();
    await waitForHydration(form.getByRole('button', { name: 'Send message' }));
    await expect(form.getByLabel('Name')).toHaveValue('Grace Hopper');
    // The app holds the text itself: typing goes on from it, and sending sees it.
    await form.getByLabel('Name').press('End');
    await form.getByLabel('Name').pressSequentially(' Jr');
    await expect(form.getByLabel('Name')).toHaveValue('Grace Hopper Jr');
    await expect(form.getByLabel('Message')).toHaveValue('Typed before the scripts arrived.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText(CONTACT_FORM_MSG.emailRequired)).toBeVisible();
    await expect(form.getByText(CONTACT_FORM_MSG.messageRequired)).toBeHidden();
  });

  test('a failed send keeps what was written and says why', async ({ page }) => {
    await page.route('**/api/contact-messages', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Slow down.' }),
      }),
    );
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    // The page arrives prerendered: the form works once the app has taken it over.
    await waitForHydration(form.getByRole('button', { name: 'Send message' }));
    await form.getByLabel('Name').fill('Bo');
    await form.getByLabel('Email').fill('bo@example.com');
    await form.getByLabel('Message').fill('Hello');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByRole('alert')).toContainText(CONTACT_FORM_MSG.sendFailed('Slow down.'));
    await expect(form.getByLabel('Message')).toHaveValue('Hello');
  });
});
