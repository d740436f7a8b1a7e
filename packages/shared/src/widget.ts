import { WIDGET_SIZE } from './limits.js';

/**
 * The chat widget's own rules beyond its API:
 * the /embed query parameters with their clamps and defaults, the visitor-id storage key, and the message
 * protocol between the one-line embed script (/widget.js) and the /embed iframe it creates.
 * No zod here: the widget's light entry imports this without a schema library.
 */

/** The /embed/:identifier query parameters. */
export interface EmbedParams {
  /** Open unless the value is the text false. */
  isInitiallyOpen: boolean;
  /** Clamped 300 to 800, default 350. */
  width: number;
  /** Clamped 400 to 800, default 500. */
  height: number;
  /** true turns full screen on. */
  isFullScreen: boolean;
  /** On unless the text false: full screen over the whole window, without full-screen, close and resize. */
  isAlways: boolean;
}

export function clampWidth(value: number): number {
  return Math.round(Math.min(WIDGET_SIZE.maxWidth, Math.max(WIDGET_SIZE.minWidth, value)));
}

export function clampHeight(value: number): number {
  return Math.round(Math.min(WIDGET_SIZE.maxHeight, Math.max(WIDGET_SIZE.minHeight, value)));
}

function sizeParam(raw: string | null, fallback: number, clamp: (n: number) => number): number {
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) ? clamp(value) : fallback;
}

/** What the parser reads the query through (a URLSearchParams). */
export interface QueryReader {
  get(name: string): string | null;
}

export function parseEmbedParams(params: QueryReader): EmbedParams {
  return {
    isInitiallyOpen: params.get('isInitiallyOpen') !== 'false',
    width: sizeParam(params.get('width'), WIDGET_SIZE.defaultWidth, clampWidth),
    height: sizeParam(params.get('height'), WIDGET_SIZE.defaultHeight, clampHeight),
    isFullScreen: params.get('isFullScreen') === 'true',
    isAlways: params.get('isAlways') !== 'false',
  };
}

/** Where the widget keeps the signed visitor id the server issued for a bot. */
export const widgetVisitorKey = (botId: string) => `visitorId_${botId}`;

/**
 * The embed script and the iframe exchange only these messages. The iframe posts `WidgetFrameMessage`s to
 * its parent; the script accepts them only from its iframe and from its own origin. The script posts
 * `WidgetHostMessage`s to the iframe, targeted at that origin; the iframe accepts them only from its parent
 * and only in this shape.
 */
export const WIDGET_FRAME_SOURCE = 'vuxo-widget';
export const WIDGET_HOST_SOURCE = 'vuxo-host';

export interface WidgetFrameMessage {
  source: typeof WIDGET_FRAME_SOURCE;
  /** ready: the chat has drawn itself (the script then swaps its launcher for the iframe). */
  type: 'ready' | 'state';
  open: boolean;
  fullScreen: boolean;
  /** The panel's size in CSS pixels (clamped like the query parameters). */
  width: number;
  height: number;
}

export interface WidgetHostMessage {
  source: typeof WIDGET_HOST_SOURCE;
  type: 'open' | 'close';
}

export function isWidgetHostMessage(data: unknown): data is WidgetHostMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.source === WIDGET_HOST_SOURCE &&
    (message.type === 'open' || message.type === 'close') &&
    Object.keys(message).length === 2
  );
}

/** The one-line embed script's path on the app's origin. */
export const WIDGET_SCRIPT_PATH = '/widget.js';

/** The attribute on the element the embed script adds to the page (a page can hide it with CSS). */
export const WIDGET_HOST_ATTRIBUTE = 'data-vuxo-widget';

/** The one-line embed's parts, shared by the widget script and the bench that measures it. */
export const WIDGET_LAYOUT = {
  /** The round launcher's diameter. */
  launcher: 60,
  /** Space between the launcher and the window's edges. */
  edge: 16,
  /** Space between the panel and the launcher. */
  gap: 12,
} as const;
