import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import {
  WIDGET_FRAME_SOURCE,
  WIDGET_HOST_SOURCE,
  type WidgetFrameMessage,
  type WidgetHostMessage,
} from '@vuxo/shared';
import { E2E_PORT } from '../support/env.ts';
import { CLINIC_HANDBOOK, CLINIC_WELCOME, createReadyBot, expect, sharedBot, test } from '../support/bots.ts';

/**
 * Issue 15: the one-line embed's window messages. /widget.js on a host page believes only its own /embed
 * iframe while it shows the app's origin, and the /embed page takes open and close only from the page that
 * framed it. Other windows (the host page itself, a frame from another website, a second chat frame, the
 * host's own frames and popups) post the very same messages and change nothing. Each refusal is asserted
 * only once a listener beside the checked one has seen the message arrive, and the real sender's same
 * message is shown to take effect, so the tests cannot pass because messages never arrive.
 */
const APP_ORIGIN = `http://localhost:${E2E_PORT}`;

/** The bot of this spec alone: widget-embed.spec limits the shared clinic bot to other websites for a while. */
const messagesBot = () =>
  sharedBot('widget-messages', () =>
    createReadyBot({ name: 'Harbour Courier', document: CLINIC_HANDBOOK, welcome: CLINIC_WELCOME }),
  );

/** What the host page saw of the widget's messages (its own listener, beside the embed script's). */
interface Seen {
  origin: string;
  type: string;
  /** Whether the sender was the embed script's own iframe. */
  fromChat: boolean;
}

/**
 * A business's page: a frame from another website, a frame of its own (srcdoc, so the host's origin), and,
 * when asked, a second real chat frame beside the one the embed script creates.
 */
function hostPage(shareId: string, decoy: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harbour Clinic</title>
<script>
  window.__seen = [];
  addEventListener('message', (event) => {
    if (!event.data || event.data.source !== ${JSON.stringify(WIDGET_FRAME_SOURCE)}) return;
    const chat = document.querySelector('[data-vuxo-widget]')?.shadowRoot?.querySelector('iframe');
    window.__seen.push({ origin: event.origin, type: event.data.type, fromChat: event.source === chat?.contentWindow });
  });
</script>
</head><body>
<h1>Harbour Clinic</h1>
<iframe title="Partner offers" src="${foreignOrigin}/partner" style="width:320px;height:120px"></iframe>
<iframe title="Reviews" srcdoc="<p>Five stars</p>" style="width:320px;height:120px"></iframe>
${decoy ? `<iframe title="Second chat" src="${APP_ORIGIN}/embed/${shareId}?isAlways=false&isInitiallyOpen=true&width=800&height=800" style="width:320px;height:200px"></iframe>` : ''}
<script src="${APP_ORIGIN}/widget.js" data-bot="${shareId}" data-prewarm="false" async></script>
</body></html>`;
}

/** The foreign website's pages: an advert framed by the host page, and a page that claims to be the chat. */
const ROGUE_STATE: WidgetFrameMessage = {
  source: WIDGET_FRAME_SOURCE,
  type: 'state',
  open: true,
  fullScreen: true,
  width: 800,
  height: 800,
};
const foreignPages: Record<string, string> = {
  '/partner': '<!doctype html><html lang="en"><title>Offers</title><h1>Partner offers</h1></html>',
  '/rogue': `<!doctype html><html lang="en"><title>Rogue</title><h1>Not the chat</h1>
<script>parent.postMessage(${JSON.stringify(ROGUE_STATE)}, '*');</script></html>`,
};

let pageHtml = '';
let hostOrigin = '';
let foreignOrigin = '';
const servers: Server[] = [];

async function serve(pageFor: (path: string) => string | undefined): Promise<string> {
  const server = createServer((req, res) => {
    const html = pageFor(new URL(req.url ?? '/', 'http://x').pathname);
    if (html === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test.beforeAll(async () => {
  hostOrigin = await serve((path) =>
    path === '/'
      ? pageHtml
      : path === '/booking'
        ? '<!doctype html><html lang="en"><h1>Book a visit</h1></html>'
        : undefined,
  );
  foreignOrigin = await serve((path) => foreignPages[path]);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * The embed script's iframe (in its shadow root). It always covers the window; its clip-path shows, and lets
 * the pointer reach, only the bottom-right region the chat asked for: "92 x 92" is the launcher alone,
 * "382 x 604" the panel open at 350 x 500 (with the launcher, gap and margins), "window" full screen.
 */
const chatIframe = (page: Page) => page.locator('iframe[title="Chat"]');
const chat = (page: Page) => page.frameLocator('iframe[title="Chat"]');
async function shown(page: Page): Promise<string> {
  const clip = await chatIframe(page).evaluate((el) => getComputedStyle(el).clipPath);
  if (clip === 'none') return 'window';
  const [height, width] = [...clip.matchAll(/100% - (\d+)px/g)].map((match) => match[1]);
  return `${width} x ${height}`;
}
const CLOSED = '92 x 92';
const OPEN = '382 x 604';

function frameOf(page: Page, match: (url: URL) => boolean): Frame {
  const frame = page.frames().find((f) => f !== page.mainFrame() && match(new URL(f.url())));
  if (!frame) throw new Error(`no such frame among ${page.frames().map((f) => f.url())}`);
  return frame;
}
const partner = (page: Page) => frameOf(page, (url) => url.origin === foreignOrigin);
const chatWindow = (page: Page) =>
  frameOf(page, (url) => url.pathname.startsWith('/embed/') && !url.searchParams.has('width'));

const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
const strangersSeen = async (page: Page) =>
  (await seen(page)).filter((m) => !m.fromChat).map((m) => `${m.type} from ${m.origin}`);

test.describe('the one-line embed’s window messages', () => {
  test('the embed script ignores widget messages from any window but its own chat frame', async ({
    page,
  }) => {
    const bot = await messagesBot();
    pageHtml = hostPage(bot.shareId, true);
    // The script's own chat frame is held back, so the others speak first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) =>
        url.origin === APP_ORIGIN && url.pathname.startsWith('/embed/') && !url.searchParams.has('width'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(hostOrigin);
    const launcher = page.getByRole('button', { name: 'Open chat' });
    await launcher.click();
    await expect(launcher).toHaveAttribute('aria-busy', 'true');
    await expect(chatIframe(page)).toHaveCount(1);

    // The strangers: the host page itself, a frame from another website, and a second real chat frame at
    // the app's origin (which passes the origin check, so only the source check stops it).
    const decoy = frameOf(page, (url) => url.searchParams.get('width') === '800');
    const fromStrangers = async (message: WidgetFrameMessage) => {
      const before = (await strangersSeen(page)).length;
      await page.evaluate((m) => window.postMessage(m, '*'), message);
      await partner(page).evaluate((m) => parent.postMessage(m, '*'), message);
      await decoy.evaluate((m) => parent.postMessage(m, '*'), message);
      // Wait until the host page's own listener has seen all three: the script's listener ran in the same
      // dispatches, so whatever it did is done.
      await expect
        .poll(async () => (await strangersSeen(page)).slice(before))
        .toEqual(
          expect.arrayContaining([
            `${message.type} from ${hostOrigin}`,
            `${message.type} from ${foreignOrigin}`,
            `${message.type} from ${APP_ORIGIN}`,
          ]),
        );
    };

    // "The chat is ready and open at 800 x 800", in the exact shape: none believed, still waiting.
    await fromStrangers({ ...ROGUE_STATE, type: 'ready', fullScreen: false });
    await expect(launcher).toBeVisible();
    await expect(launcher).toHaveAttribute('aria-busy', 'true');
    await expect(chatIframe(page)).toHaveCSS('visibility', 'hidden');
    expect(await shown(page)).toBe(CLOSED);

    // The real frame's "ready": the script's launcher gives way and the chat opens at 350 x 500.
    release();
    const panel = chat(page).getByRole('region', { name: `Chat with ${bot.botName}` });
    await expect(panel).toBeVisible();
    await expect(launcher).toBeHidden();
    await expect(chatIframe(page)).toHaveCSS('visibility', 'visible');
    await expect.poll(() => shown(page)).toBe(OPEN);

    // Full screen, then closed, from the same three strangers: the panel keeps its place and size.
    await fromStrangers(ROGUE_STATE);
    expect(await shown(page)).toBe(OPEN);
    await fromStrangers({ ...ROGUE_STATE, open: false, fullScreen: false });
    expect(await shown(page)).toBe(OPEN);
    await expect(panel).toBeVisible();

    // The real frame's size and open state are followed: 20 px wider, then closed.
    await chat(page).getByRole('button', { name: 'Resize chat window' }).press('ArrowLeft');
    await expect.poll(() => shown(page)).toBe('402 x 604');
    await panel.getByRole('button', { name: 'Close chat' }).click();
    await expect(panel).toHaveCount(0);
    await expect.poll(() => shown(page)).toBe(CLOSED);
  });

  test('its own frame, once showing another website, is no longer believed', async ({ page }) => {
    const bot = await messagesBot();
    pageHtml = hostPage(bot.shareId, false);
    await page.goto(hostOrigin);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const panel = chat(page).getByRole('region', { name: `Chat with ${bot.botName}` });
    await expect(panel).toBeVisible();
    await expect.poll(() => shown(page)).toBe(OPEN);

    // The same window (so the source check passes), now at another origin, says "full screen at 800 x 800".
    await chatWindow(page).evaluate(
      (url) => void setTimeout(() => location.assign(url)),
      `${foreignOrigin}/rogue`,
    );
    await expect(chat(page).getByRole('heading', { name: 'Not the chat' })).toHaveCount(1);
    await expect
      .poll(async () => (await seen(page)).filter((m) => m.origin === foreignOrigin))
      .toEqual([{ origin: foreignOrigin, type: 'state', fromChat: true }]);
    expect(await shown(page)).toBe(OPEN);
  });

  test('the chat takes open and close only from the page that framed it', async ({ page }) => {
    const bot = await messagesBot();
    pageHtml = hostPage(bot.shareId, false);
    await page.goto(hostOrigin);
    await page.getByRole('button', { name: 'Open chat' }).hover();
    const chatLauncher = chat(page).getByRole('button', { name: `Open chat with ${bot.botName}` });
    await expect(chatLauncher).toBeVisible();
    await expect(chatLauncher).toHaveAttribute('aria-expanded', 'false');
    const panel = chat(page).getByRole('region', { name: `Chat with ${bot.botName}` });

    // The chat frame's own record of the host messages it receives, beside the bridge's listener.
    const frame = chatWindow(page);
    await frame.evaluate((source) => {
      const win = window as unknown as { __got: { type: string; fromParent: boolean }[] };
      win.__got = [];
      addEventListener('message', (event) => {
        if (event.data?.source === source)
          win.__got.push({ type: event.data.type, fromParent: event.source === parent });
      });
    }, WIDGET_HOST_SOURCE);
    const got = () =>
      frame.evaluate(() => (window as unknown as { __got: { type: string; fromParent: boolean }[] }).__got);

    // Strangers: a frame of the host page beside the chat, and a popup it opened. Both share the host's
    // origin, so they can reach the chat's window through the page (the chat frame sits in a shadow root,
    // which keeps it out of window.frames: a frame or popup from another website cannot even address it).
    const sibling = frameOf(page, (url) => url.href === 'about:srcdoc');
    const popupOpened = page.waitForEvent('popup');
    await page.evaluate((url) => void window.open(url), `${hostOrigin}/booking`);
    const popup = await popupOpened;
    await expect(popup.getByRole('heading', { name: 'Book a visit' })).toBeVisible();
    const strangers = async (type: WidgetHostMessage['type']) => {
      const message: WidgetHostMessage = { source: WIDGET_HOST_SOURCE, type };
      // (Evaluated in those windows, so the way to the chat's window is spelled out in each.)
      await sibling.evaluate((m) => {
        const host = parent.document.querySelector('[data-vuxo-widget]')!.shadowRoot!;
        host.querySelector('iframe')!.contentWindow!.postMessage(m, '*');
      }, message);
      await popup.evaluate((m) => {
        const host = (opener as Window).document.querySelector('[data-vuxo-widget]')!.shadowRoot!;
        host.querySelector('iframe')!.contentWindow!.postMessage(m, '*');
      }, message);
    };
    const fromParent = (type: WidgetHostMessage['type']) =>
      page.evaluate(
        ({ message, origin }) =>
          document
            .querySelector('[data-vuxo-widget]')!
            .shadowRoot!.querySelector('iframe')!
            .contentWindow!.postMessage(message, origin),
        { message: { source: WIDGET_HOST_SOURCE, type } satisfies WidgetHostMessage, origin: APP_ORIGIN },
      );

    await strangers('open');
    await expect.poll(got).toEqual([
      { type: 'open', fromParent: false },
      { type: 'open', fromParent: false },
    ]);
    await page.waitForTimeout(500);
    await expect(panel).toHaveCount(0);
    await expect(chatLauncher).toHaveAttribute('aria-expanded', 'false');
    expect(await shown(page)).toBe(CLOSED);

    // The same message from the parent opens it.
    await fromParent('open');
    await expect(panel).toBeVisible();
    await expect(chat(page).getByRole('button', { name: 'Minimize chat' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect.poll(() => shown(page)).toBe(OPEN);

    await strangers('close');
    await expect.poll(async () => (await got()).filter((m) => !m.fromParent)).toHaveLength(4);
    await page.waitForTimeout(500);
    await expect(panel).toBeVisible();
    expect(await shown(page)).toBe(OPEN);

    await fromParent('close');
    await expect(panel).toHaveCount(0);
    await expect.poll(() => shown(page)).toBe(CLOSED);
  });
});
