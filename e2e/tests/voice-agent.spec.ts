import { expect, test } from '@playwright/test';
import { ADMIN_MSG } from '@vuxo/shared/admin';
import { VOICE_AGENT_MSG } from '@vuxo/shared/voice-agent';
import { expectAccessible } from '../support/axe.ts';
import { sessionOf } from '../support/sessions.ts';
import { newAccount, signIn } from '../support/sign-in.ts';

test.describe('the phone agent onboarding', () => {
  test('signed out, it asks for a sign-in first; a later step opened directly goes back to the first', async ({
    page,
    browser,
  }) => {
    await page.goto('/workflow/personalize/step1');
    await expect(page.getByRole('heading', { name: VOICE_AGENT_MSG.signInTitle })).toBeVisible();

    const ownerContext = await browser.newContext({ storageState: sessionOf('owner') });
    const owner = await ownerContext.newPage();
    await owner.goto('/workflow/personalize/step3');
    await expect(owner).toHaveURL(/\/workflow\/personalize\/step1$/);
    await expect(owner.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await ownerContext.close();
  });

  test('five steps end in a stored request, summed up on /workflow/complete and seen by staff', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const owner = newAccount('Pat Plumber');
    await signIn(page, owner);
    await expect(page).toHaveURL(/\/dashboard\/bots$/); // Signed in and stored.
    await page.goto('/workflow/personalize/step1');
    await expect(page.getByLabel('Email')).toHaveValue(owner.email);
    await page.getByLabel('Your name').fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(VOICE_AGENT_MSG.nameRequired)).toBeVisible();
    await page.getByLabel('Your name').fill('Pat Plumber');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/step2$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(VOICE_AGENT_MSG.planRequired)).toBeVisible();
    await page.getByRole('radio', { name: /Pro/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/step3$/);
    await page.getByLabel('Business website (optional)').fill('not a site');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(VOICE_AGENT_MSG.websiteInvalid)).toBeVisible();
    await page.getByLabel('Business website (optional)').fill('plumbing.example.com');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/step4$/);
    await expect(page.getByText('You have no text bots yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByLabel('Business website (optional)')).toHaveValue('https://plumbing.example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/step5$/);
    await page.getByRole('radio', { name: /Phone agent/ }).check();
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText(VOICE_AGENT_MSG.phoneNumberRequired)).toBeVisible();
    await expect(page.getByText(VOICE_AGENT_MSG.voiceRequired)).toBeVisible();
    await page.getByRole('radio', { name: /A new local number/ }).check();
    await page.getByRole('radio', { name: /Warm/ }).check();
    await expectAccessible(page, 'the last onboarding step');
    await page.getByRole('button', { name: 'Send request' }).click();

    await expect(page).toHaveURL(/\/workflow\/complete$/);
    await expect(page.getByRole('heading', { name: VOICE_AGENT_MSG.completeTitle })).toBeVisible();
    const summary = page.getByRole('definition');
    await expect(summary.filter({ hasText: 'https://plumbing.example.com' })).toHaveCount(1);
    await expect(summary.filter({ hasText: 'A new local number' })).toHaveCount(1);
    await expect(summary.filter({ hasText: /^Pro$/ })).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('heading', { name: VOICE_AGENT_MSG.completeTitle })).toBeVisible();
    await expectAccessible(page, 'the onboarding summary');

    const staffContext = await browser.newContext({ storageState: sessionOf('staff') });
    const staff = await staffContext.newPage();
    await staff.goto('/ai-admin?list=requests');
    await staff.getByLabel(ADMIN_MSG.searchLabel).fill(owner.email);
    const requests = staff.getByRole('table', { name: 'Voice agent requests' });
    await expect(requests.getByRole('row')).toHaveCount(2);
    await expect(requests).toContainText('plumbing.example.com');
    await expect(requests).toContainText('voice: warm');
    await staffContext.close();
  });
});
