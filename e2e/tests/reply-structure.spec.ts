import { createReadyBot, expect, messageBox, test, type ReadyBot } from '../support/bots.ts';

/**
 * A practice's information typed as an office manager types it (issue 45, point 3): sentence-case headings over
 * their text, a list without bullets under its lead-in, staff roles in capitals. Visitors get the list as a list,
 * and each answer is labelled by its own heading.
 */
const PRACTICE = [
  'Riverside Dental Care',
  '',
  'Dr Jane Smith',
  '',
  'DENTIST',
  '',
  'Jane qualified from Leeds in 2004 and enjoys cosmetic work.',
  '',
  'Sarah Lin',
  '',
  'RECEPTIONIST',
  '',
  'Sarah has been with the practice since 2015 and looks after our nervous patients.',
  '',
  'Insurance',
  'We work with these insurance carriers:',
  'Delta Dental',
  'Cigna',
  'MetLife',
  '',
  'Emergencies',
  'If you are in pain, call us first thing in the morning and we will see you the same day.',
].join('\n');

let bot: ReadyBot;
test.beforeAll(async () => {
  bot = await createReadyBot({ name: 'Riverside Dental', document: PRACTICE, welcome: 'Hello!' });
});

for (const [device, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`on ${device}, a list stays a list with its lead-in, and each answer names its own section`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/public-chat/${bot.botId}`);
    const log = page.getByRole('log', { name: 'Messages' });
    const ask = async (question: string) => {
      await messageBox(page).fill(question);
      await page.getByRole('button', { name: 'Send message' }).click();
    };

    await ask('What insurance do you take?');
    await expect(log.getByText('We work with these insurance carriers:')).toBeVisible();
    await expect(log.getByRole('list').last().getByRole('listitem')).toHaveText([
      'Delta Dental',
      'Cigna',
      'MetLife',
    ]);
    await expect(log.locator('em', { hasText: 'Source: Insurance' })).toBeVisible();

    // The last staff member's role does not head the sections after her.
    await ask('What if I am in pain?');
    await expect(log.getByText('we will see you the same day', { exact: false })).toBeVisible();
    await expect(log.locator('em', { hasText: /^Source: Emergencies$/ })).toBeVisible();
  });
}
