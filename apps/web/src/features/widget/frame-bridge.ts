import {
  WIDGET_FRAME_SOURCE,
  isWidgetHostMessage,
  type WidgetFrameMessage,
  type WidgetHostMessage,
} from '@vuxo/shared/widget';

/**
 * The /embed page's side of the one-line embed: it tells the page that framed it
 * when it is ready and how big it is, and it takes open and close requests from that page only, in the
 * agreed shape. The host page is any website, so its origin cannot be checked here; the messages carry
 * nothing private.
 */
export function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

function parentOrigin(): string {
  try {
    const ancestor = window.location.ancestorOrigins?.[0];
    if (ancestor && ancestor !== 'null') return ancestor;
    if (document.referrer) {
      const origin = new URL(document.referrer).origin;
      if (origin !== 'null') return origin;
    }
  } catch {
    // Fall through: any origin.
  }
  return '*';
}

export function postToParent(message: Omit<WidgetFrameMessage, 'source'>): void {
  if (!isFramed()) return;
  try {
    window.parent.postMessage(
      { source: WIDGET_FRAME_SOURCE, ...message } satisfies WidgetFrameMessage,
      parentOrigin(),
    );
  } catch {
    // The parent went away or its origin changed: nothing to tell.
  }
}

export function onParentMessage(handler: (message: WidgetHostMessage) => void): () => void {
  const listener = (event: MessageEvent) => {
    if (!isFramed() || event.source !== window.parent || !isWidgetHostMessage(event.data)) return;
    handler(event.data);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
