import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { API, KEY_FACTS_MSG, SESSION_KEYS, WIZARD_MSG } from '@vuxo/shared';
import { E2E_PORT } from '../support/env.ts';
import { newAccount, signIn } from '../support/sign-in.ts';
import {
  clickNext,
  fillSettings,
  idTokenFor,
  sessionItem,
  startTextBot,
  textFile,
  uploadDocument,
} from '../support/wizard.ts';

/**
 * "What your bot knows" (issue 28): the owner builds a bot from a small document with a phone number, sees the
 * number among the facts at the end of the wizard, corrects it, and the widget on the owner's own website gives
 * the new number.
 */
const APP_ORIGIN = `http://localhost:${E2E_PORT}`;
const SALON = `Olive Hair Studio

Cuts, colour and styling in the centre of Bingham.

Contact
Call us on 01949 728288 or email info@olive-hair.example.`;
const NEW_NUMBER = '01949 000111';

let server: Server;
let hostOrigin = '';
let shareId = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Olive Hair Studio</title></head>
<body><h1>Olive Hair Studio</h1><p>Cuts and colour in Bingham.</p>
<script src="${APP_ORIGIN}/widget.js" data-bot="${shareId}" async></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('the owner corrects the phone number the bot knows, and the widget gives the new one', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const account = newAccount('Olive Stylist');
  await signIn(page, account);
  await startTextBot(page);
  await uploadDocument(page, textFile('olive-hair.txt', SALON));
  await fillSettings(page, { name: 'Olive Helper' });
  await clickNext(page, 'Finish');
  await expect(page.getByRole('heading', { name: WIZARD_MSG.ready })).toBeVisible({ timeout: 20_000 });

  // The end of the wizard: what the bot found in the document, once it has read it.
  await page.getByRole('button', { name: KEY_FACTS_MSG.show }).click();
  const facts = page.getByRole('region', { name: KEY_FACTS_MSG.title });
  const phone = facts.getByRole('textbox', { name: `${KEY_FACTS_MSG.phoneNumber} 1` });
  await expect(phone).toHaveValue('01949 728288', { timeout: 60_000 });
  await expect(facts.getByRole('textbox', { name: `${KEY_FACTS_MSG.email} 1` })).toHaveValue(
    'info@olive-hair.example',
  );
  // What the document does not give stays empty.
  await expect(facts.getByRole('group', { name: KEY_FACTS_MSG.prices })).toContainText(
    KEY_FACTS_MSG.notFound,
  );

  await phone.fill(NEW_NUMBER);
  await facts.getByRole('button', { name: KEY_FACTS_MSG.save }).click();
  await expect(facts.getByRole('status')).toHaveText(KEY_FACTS_MSG.saved);
  await expect(facts.getByText(KEY_FACTS_MSG.editedByYou)).toBeVisible();

  // The bot's page shows the same.
  const botId = await sessionItem(page, SESSION_KEYS.activeDocId);
  await page.goto(`/dashboard/bots/${botId}`);
  const onPage = page.getByRole('region', { name: KEY_FACTS_MSG.title });
  await expect(onPage.getByRole('textbox', { name: `${KEY_FACTS_MSG.phoneNumber} 1` })).toHaveValue(
    NEW_NUMBER,
  );

  // A price's name has the row's room: the price and its unit are short. A long name shows whole on a desktop,
  // and one as long as a phone's row on a phone.
  await onPage.getByRole('button', { name: KEY_FACTS_MSG.addPrice }).click();
  const item = onPage.getByRole('textbox', { name: `${KEY_FACTS_MSG.item} 1` });
  for (const [viewport, name] of [
    [{ width: 1280, height: 800 }, 'Full balayage with toner, gloss and a blow-dry finish'],
    [{ width: 390, height: 844 }, 'Full balayage with toner and a blow-dry'],
  ] as const) {
    await page.setViewportSize(viewport);
    await item.fill(name);
    expect(await item.evaluate(showsWhole)).toBe(true);
    // Nothing on the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  }

  const token = await idTokenFor(account);
  const listed = await page.request.get(API.listBots, { headers: { Authorization: `Bearer ${token}` } });
  shareId = ((await listed.json()) as { bots: { botId: string; shareId: string }[] }).bots.find(
    (bot) => bot.botId === botId,
  )!.shareId;

  // A visitor on the owner's own website, another origin, in a browser of their own.
  const visitor = await browser.newContext();
  const site = await visitor.newPage();
  await site.goto(hostOrigin);
  await site.getByRole('button', { name: 'Open chat' }).click();
  const frame = site.frameLocator('iframe[title="Chat"]');
  const panel = frame.getByRole('region', { name: 'Chat with Olive Helper' });
  await expect(panel).toBeVisible();
  const box = frame.getByRole('textbox', { name: 'Message' });
  await box.fill("what's your phone number?");
  await box.press('Enter');
  await expect(panel.getByText(NEW_NUMBER)).toBeVisible();
  await expect(panel.getByText('728288')).toHaveCount(0);
  await visitor.close();
});

/** Whether a name's field shows all of it: a field that wraps and grows, with nothing scrolled out of view. */
function showsWhole(field: HTMLElement): boolean {
  return (
    field.tagName === 'TEXTAREA' &&
    field.scrollHeight <= field.clientHeight + 1 &&
    field.scrollWidth <= field.clientWidth + 1
  );
}
