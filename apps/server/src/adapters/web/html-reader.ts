import type { ChildProcess } from 'node:child_process';
import { startLimitedChild } from '../../engine/child-process.js';
import { SourceFetchError } from './errors.js';
import type { HtmlReply, HtmlRequest } from './html-child.js';
import { readHtml, type HtmlPage } from './html-page.js';

/**
 * A page with more elements than this is refused before it is parsed: parsing and Readability cost memory and
 * time by the element (a 2.3 MB page of 100,000 links took 20 s and 1 GB). A long article has a few thousand; reading one at the cap takes about 4 s.
 */
export const MAX_PAGE_ELEMENTS = 30_000;
/** A reading process's memory (the operating system's limit): a page at the element cap peaks near 350 MB. */
export const HTML_MEMORY_LIMITS = { memoryMb: 640, heapMb: 384 };
export const HTML_READ_TIMEOUT_MS = 20_000;
/** A reading process serves this many pages, then makes way for a fresh one (parsers' caches, fragmentation). */
const PAGES_PER_PROCESS = 50;
/** An idle reading process is ended after this long, and its memory is the system's again. */
const IDLE_MS = 5_000;

/** Elements in the markup, counted by their start tags ('<' and a letter), without parsing it. */
export function countElements(html: string): number {
  let count = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const next = html.charCodeAt(at + 1) | 0x20; // lower case
    if (next >= 0x61 && next <= 0x7a) count++;
  }
  return count;
}

interface Reader {
  child: ChildProcess;
  served: number;
  idleTimer?: NodeJS.Timeout;
}

const idle: Reader[] = [];
let nextId = 1;
let live = 0;
/** Reading processes started and not yet gone (for tests and diagnostics). */
export function liveHtmlReaders(): number {
  return live;
}

function startReader(): Reader | null {
  const child = startLimitedChild(import.meta.url, 'html-child', HTML_MEMORY_LIMITS);
  if (!child) return null;
  live += 1;
  child.once('close', () => (live -= 1));
  child.on('error', () => child.kill('SIGKILL'));
  return { child, served: 0 };
}

function takeReader(): Reader | null {
  const reader = idle.pop();
  if (!reader) return startReader();
  clearTimeout(reader.idleTimer);
  reader.child.ref();
  reader.child.channel?.ref();
  return reader;
}

/** Back to the idle list, or ended when it has served its share; idle ones never keep the server running. */
function releaseReader(reader: Reader): void {
  if (reader.served >= PAGES_PER_PROCESS || reader.child.exitCode !== null) {
    reader.child.kill('SIGKILL');
    return;
  }
  reader.child.unref();
  reader.child.channel?.unref();
  reader.idleTimer = setTimeout(() => {
    idle.splice(idle.indexOf(reader), 1);
    reader.child.kill('SIGKILL');
  }, IDLE_MS).unref();
  idle.push(reader);
}

/**
 * Reads an HTML page's title, text and links in a child process with a memory and time limit the operating
 * system enforces, so a hostile or huge page can neither hold up the server's requests nor keep its memory: a
 * process that fails, overruns or is stopped is killed, and idle ones end within seconds. Throws SourceFetchError
 * ('tooComplex', 'timeout', 'noText').
 */
export async function readHtmlBounded(html: string, url: string, signal?: AbortSignal): Promise<HtmlPage> {
  if (countElements(html) > MAX_PAGE_ELEMENTS) {
    throw new SourceFetchError('tooComplex', `More than ${MAX_PAGE_ELEMENTS} elements.`);
  }
  const reader = takeReader();
  if (!reader) return readHtml(html, url);
  const request: HtmlRequest = { id: nextId++, html, url };
  reader.served += 1;
  const { child } = reader;
  return new Promise<HtmlPage>((resolve, reject) => {
    const done = (outcome: HtmlPage | SourceFetchError, keep: boolean): void => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('close', onClose);
      signal?.removeEventListener('abort', onAbort);
      if (keep) releaseReader(reader);
      else child.kill('SIGKILL');
      if (outcome instanceof SourceFetchError) reject(outcome);
      else resolve(outcome);
    };
    const onMessage = (message: HtmlReply): void => {
      if (message.id !== request.id) return;
      if (message.ok) done(message.page, true);
      else done(new SourceFetchError('noText', `Could not read the page: ${message.detail}`), true);
    };
    // Ended without replying: it ran out of memory.
    const onClose = (): void =>
      done(new SourceFetchError('tooComplex', 'The page reader ran out of memory.'), false);
    const onAbort = (): void => done(new SourceFetchError('timeout', 'The read was stopped.'), false);
    const timer = setTimeout(
      () => done(new SourceFetchError('timeout', 'The page took too long to read.'), false),
      HTML_READ_TIMEOUT_MS,
    );
    child.on('message', onMessage);
    child.once('close', onClose);
    signal?.addEventListener('abort', onAbort, { once: true });
    child.send(request, (error) => {
      if (error) done(new SourceFetchError('tooComplex', `The page reader failed: ${error.message}`), false);
    });
  });
}
