/**
 * /widget.js, the one-line embed:
 *   <script src="https://HOST/widget.js" data-bot="SHARE_ID" async></script>
 * It draws the launcher itself (fixed at the bottom right, so nothing on the page moves) and creates the
 * /embed iframe only when the visitor shows interest (hover, focus, touch or click on the launcher) or when
 * the page has been idle a while (data-prewarm="false" turns that off). Until the iframe says it is ready,
 * a click shows a spinner in the launcher and the chat opens as soon as it can. The script and the iframe
 * exchange only the messages of @vuxo/shared's widget protocol: the script accepts them only from its own
 * iframe at its own origin, and posts to that origin only. It makes no request of its own.
 *
 * Built as a separate tiny IIFE (apps/web/vite.config.ts). It imports only the zod-free `widget` and `limits`
 * subpaths of @vuxo/shared, so no other shared code (or schema library) comes along.
 */
import { WIDGET_SIZE } from '@vuxo/shared/limits';
import {
  WIDGET_FRAME_SOURCE,
  WIDGET_HOST_ATTRIBUTE,
  WIDGET_HOST_SOURCE,
  WIDGET_LAYOUT,
  clampHeight,
  clampWidth,
  type WidgetFrameMessage,
  type WidgetHostMessage,
} from '@vuxo/shared/widget';

/** At this width or less the chat opens over the whole window, as on a phone (as /embed's own styles do). */
const NARROW = 480;
/** After the page has loaded, wait this long before warming the chat up in idle time. */
const IDLE_AFTER_LOAD_MS = 4000;
const { launcher: L, edge: E, gap: G } = WIDGET_LAYOUT;

const ICON =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"/></svg>';

const CSS = `button{all:initial;position:fixed;right:${E}px;bottom:${E}px;width:${L}px;height:${L}px;border-radius:50%;cursor:pointer;display:grid;place-items:center;color:#fff;background:linear-gradient(135deg,#6a34de,#43198f);box-shadow:0 4px 12px rgb(15 12 35/.3),0 1px 3px rgb(15 12 35/.2);transition:transform .15s}button:hover{transform:scale(1.05)}button:focus-visible{outline:3px solid #3ee0c6;outline-offset:3px}svg{width:26px;height:26px}[aria-busy] svg{display:none}[aria-busy]:after{content:"";width:22px;height:22px;border:3px solid rgb(255 255 255/.35);border-top-color:#fff;border-radius:50%;animation:s .8s linear infinite}@keyframes s{to{transform:rotate(1turn)}}@media (prefers-reduced-motion:reduce){button{transition:none}}`;

type Win = Window & { __vuxoWidget?: boolean };

/** The bottom-right region of this width and height (the whole window at most). */
const clip = (width: number, height: number) =>
  `inset(max(0px,calc(100% - ${height}px)) 0 0 max(0px,calc(100% - ${width}px)))`;

function start(script: HTMLScriptElement, shareId: string) {
  const origin = new URL(script.src, location.href).origin;
  const host = document.createElement('div');
  host.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;z-index:2147483000';
  host.setAttribute(WIDGET_HOST_ATTRIBUTE, '');
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.innerHTML = `<style>${CSS}</style><button type="button" aria-label="Open chat">${ICON}</button>`;
  const button = shadow.querySelector('button') as HTMLButtonElement;
  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  let wantOpen = false;

  const post = (type: WidgetHostMessage['type']) =>
    frame?.contentWindow?.postMessage(
      { source: WIDGET_HOST_SOURCE, type } satisfies WidgetHostMessage,
      origin,
    );

  const create = (openNow: boolean) => {
    if (frame) return;
    const query = new URLSearchParams({ isInitiallyOpen: String(openNow), isAlways: 'false' });
    frame = document.createElement('iframe');
    frame.title = 'Chat';
    frame.allow = 'autoplay';
    frame.src = `${origin}/embed/${encodeURIComponent(shareId)}?${query}`;
    // The frame always covers the window and never moves or resizes (so nothing ever shifts); clip-path shows,
    // and lets the pointer reach, only the launcher or the panel. The rest of the page stays usable.
    frame.style.cssText = `position:fixed;inset:0;width:100%;height:100%;border:0;background:transparent;color-scheme:normal;visibility:hidden;clip-path:${clip(L + 2 * E, L + 2 * E)}`;
    // A click the browser could not route into the frame (just shown, its content not yet hit-testable) lands on
    // the iframe element here instead. Closed, only the launcher shows, so it was meant for it; open, "open" changes
    // nothing.
    frame.addEventListener('click', open);
    shadow.appendChild(frame);
  };

  const open = () => {
    if (ready) {
      frame?.focus();
      post('open');
      return;
    }
    wantOpen = true;
    button.setAttribute('aria-busy', 'true');
    create(true);
  };

  const interest = () => create(false);
  button.addEventListener('pointerenter', interest);
  button.addEventListener('focus', interest);
  button.addEventListener('touchstart', interest, { passive: true });
  button.addEventListener('click', open);

  addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Partial<WidgetFrameMessage> | null;
    if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return;
    if (!data || data.source !== WIDGET_FRAME_SOURCE || (data.type !== 'ready' && data.type !== 'state'))
      return;
    const width = clampWidth(Number(data.width) || WIDGET_SIZE.defaultWidth);
    const height = clampHeight(Number(data.height) || WIDGET_SIZE.defaultHeight);
    const style = frame.style;
    if (!data.open) style.clipPath = clip(L + 2 * E, L + 2 * E);
    else if (data.fullScreen || innerWidth <= NARROW) style.clipPath = 'none';
    else style.clipPath = clip(width + 2 * E, height + L + G + 2 * E);
    if (data.type === 'ready' && !ready) {
      ready = true;
      const focused = shadow.activeElement === button;
      style.visibility = 'visible';
      button.style.display = 'none';
      if (wantOpen || focused) frame.focus();
      if (wantOpen && !data.open) post('open');
    }
  });

  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(interest, { timeout: 4000 }) : interest();
  if (script.dataset.prewarm !== 'false') {
    const later = () => setTimeout(idle, IDLE_AFTER_LOAD_MS);
    if (document.readyState === 'complete') later();
    else addEventListener('load', later);
  }
  document.body.appendChild(host);
}

const current = document.currentScript as HTMLScriptElement | null;
const shareId = current?.dataset.bot?.trim();
if (current && shareId && !(window as Win).__vuxoWidget) {
  (window as Win).__vuxoWidget = true;
  if (document.body) start(current, shareId);
  else addEventListener('DOMContentLoaded', () => start(current, shareId));
}
