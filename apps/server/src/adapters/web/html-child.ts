/**
 * Child-process entry (see html-reader.ts): reads each page it is sent and replies with the same id. It is killed
 * when idle, after a number of pages, or when a page costs too much.
 */
import { readHtml, type HtmlPage } from './html-page.js';

export interface HtmlRequest {
  id: number;
  html: string;
  url: string;
}

export type HtmlReply = { id: number } & ({ ok: true; page: HtmlPage } | { ok: false; detail: string });

function run({ id, html, url }: HtmlRequest): HtmlReply {
  try {
    return { id, ok: true, page: readHtml(html, url) };
  } catch (error) {
    return { id, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (request: HtmlRequest) => {
  process.send?.(run(request));
});
