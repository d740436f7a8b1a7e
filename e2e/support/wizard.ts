import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { API, WIZARD_STEP_TITLES, type BotConfigInput } from '@vuxo/shared';
import { NEXT_DEBOUNCE_MS } from '../../apps/web/src/ui-tuning.js';
import { waitForHydration } from './hydration.ts';

/** A file for `setInputFiles`, made in the test rather than kept in the repository. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real one-page PDF with headed sections, the kind of brochure a business uploads. */
export async function bakeryPdf(name = 'sunrise-bakery.pdf'): Promise<TestFile> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  const lines: [string, boolean][] = [
    ['Sunrise Bakery', true],
    ['Opening hours', true],
    ['We are open Monday to Saturday from 7 am to 6 pm, and Sunday from 8 am to 2 pm.', false],
    ['Delivery', true],
    ['We deliver cakes and bread across the city. Delivery costs 10 dollars per order.', false],
    ['Custom cakes', true],
    ['Order birthday and wedding cakes at least three days ahead by phone or in the shop.', false],
  ];
  lines.forEach(([text, heading], i) =>
    page.drawText(text, { x: 50, y: 780 - i * 28, size: heading ? 16 : 11, font: heading ? bold : font }),
  );
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

export function textFile(name: string, text: string): TestFile {
  return { name, mimeType: 'text/plain', buffer: Buffer.from(text) };
}

/** A PNG picture (a coloured square with a circle) to use as an avatar. */
export async function logoPng(name = 'logo.png', width = 320, height = 240): Promise<TestFile> {
  const circle = `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${
    Math.min(width, height) / 3
  }" fill="#3d405b"/></svg>`;
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#e07a5f' } })
    .composite([{ input: Buffer.from(circle) }])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A file of the given size: its bytes are never uploaded, the wizard refuses it first. */
export function fileOfSize(name: string, mimeType: string, bytes: number): TestFile {
  return { name, mimeType, buffer: Buffer.alloc(bytes, 0x20) };
}

export const stepHeading = (page: Page, step: number) =>
  page.getByRole('heading', { level: 2, name: WIZARD_STEP_TITLES[step], exact: true });

/** Opens /wizard and starts a text bot from the bot-type choice. */
export async function startTextBot(page: Page): Promise<void> {
  await page.goto('/wizard');
  await waitForHydration(page.getByRole('button', { name: 'Start building' }));
  await page.getByRole('radio', { name: /Text Bot/ }).check();
  await page.getByRole('button', { name: 'Start building' }).click();
  await expect(stepHeading(page, 0)).toBeVisible();
}

/** Clicks Next (or Finish) as a person does: not within the 300 ms debounce of the previous click. */
export async function clickNext(page: Page, name: 'Next' | 'Finish' = 'Next'): Promise<void> {
  await page.waitForTimeout(NEXT_DEBOUNCE_MS + 50);
  await page.getByRole('button', { name, exact: true }).click();
}

export async function uploadDocument(page: Page, file: TestFile): Promise<void> {
  await page.getByLabel('Choose a document').setInputFiles(file);
  await expect(page.getByRole('button', { name: `Remove ${file.name}` })).toBeVisible({ timeout: 30_000 });
}

/** Chooses an avatar and saves it from the editor (one zoom step in first). */
export async function chooseAvatar(page: Page, file: TestFile): Promise<void> {
  await page.getByLabel('Choose an image').setInputFiles(file);
  const editor = page.getByRole('dialog', { name: 'Edit your avatar' });
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Zoom in' }).click();
  await expect(editor.getByRole('slider', { name: 'Zoom' })).toHaveValue('1.1');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
}

export interface BotSettings {
  welcome?: string;
  tone?: string;
  name?: string;
  avatar?: TestFile;
  creativity?: 'Restricted' | 'Balanced';
}

/** From step 1 to step 5: fills in the settings and stops on the last configuration step. */
export async function fillSettings(page: Page, settings: BotSettings): Promise<void> {
  await clickNext(page);
  await expect(stepHeading(page, 1)).toBeVisible();
  if (settings.welcome) await page.getByRole('textbox', { name: 'Welcome message' }).fill(settings.welcome);
  await clickNext(page);
  await expect(stepHeading(page, 2)).toBeVisible();
  if (settings.tone) await page.getByRole('radio', { name: new RegExp(settings.tone) }).check();
  await clickNext(page);
  await expect(stepHeading(page, 3)).toBeVisible();
  if (settings.name) await page.getByRole('textbox', { name: 'Bot name' }).fill(settings.name);
  await clickNext(page);
  await expect(stepHeading(page, 4)).toBeVisible();
  if (settings.avatar) await chooseAvatar(page, settings.avatar);
  await clickNext(page);
  await expect(stepHeading(page, 5)).toBeVisible();
  if (settings.creativity) await page.getByRole('radio', { name: new RegExp(settings.creativity) }).check();
}

export { idTokenFor } from './world.ts';

export interface ListedBot {
  botId: string;
  botName: string;
  botImageUrl: string | null;
  status: string;
}

/** The user's bots, read through the API (`GET /api/list-user-bots`). */
export async function listBots(page: Page, token: string): Promise<ListedBot[]> {
  const res = await page.request.get(API.listBots, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `list-user-bots answered ${res.status()}`).toBe(true);
  return ((await res.json()) as { bots: ListedBot[] }).bots;
}

export const sessionItem = (page: Page, key: string) =>
  page.evaluate((k) => window.sessionStorage.getItem(k), key);

/** Builds a bot the way the wizard does, through the API: the document upload, then the save. */
export async function createBotThroughApi(page: Page, token: string, document: TestFile): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const sessionId = `e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
  const extract = await page.request.post(API.extract, { headers, multipart: { sessionId, file: document } });
  expect(extract.ok(), `extract answered ${extract.status()}`).toBe(true);
  const { filePath } = (await extract.json()) as { filePath: string };
  const config: BotConfigInput = {
    sessionId,
    welcomeMessage: 'Hi',
    documentName: document.name,
    documentPath: filePath,
  };
  const saved = await page.request.post(API.saveConfig, { headers, data: config });
  expect(saved.ok(), `save-config answered ${saved.status()}`).toBe(true);
  return ((await saved.json()) as { botId: string }).botId;
}
