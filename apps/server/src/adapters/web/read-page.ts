import { decodeHtml, decodeText, parseContentType } from './charset.js';
import { SourceFetchError } from './errors.js';
import type { FetchedResource } from './fetch-resource.js';
import type { HtmlPage } from './html-page.js';
import { readHtmlBounded } from './html-reader.js';
import { titleFromUrl } from './urls.js';

/** Reads a PDF or DOCX file's text; the caller passes the existing document extractor. */
export type ReadDocument = (bytes: Uint8Array) => Promise<{ text: string }>;

export interface FetchedPage {
  /** Final URL after redirects. */
  url: string;
  title: string;
  text: string;
  /** Body size in bytes (after decompression). */
  bytes: number;
  /** The response's validators, for the next read's conditional request. */
  etag?: string;
  lastModified?: string;
}

export interface ReadPage {
  page: FetchedPage;
  /** Links of an HTML page (none for other types). */
  links: string[];
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);
/** Types servers send when they do not know; a PDF among them is still recognised by its magic bytes. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** Turns a fetched body into a page by its Content-Type: HTML, plain text, PDF/DOCX via `readDocument`. */
export async function readResource(
  resource: FetchedResource,
  readDocument: ReadDocument,
  signal?: AbortSignal,
): Promise<ReadPage> {
  const read = await readByType(resource, readDocument, signal);
  const text = read.text.trim();
  if (!text) throw new SourceFetchError('noText');
  const { url, body, etag, lastModified } = resource;
  const validators = { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
  return { page: { url, title: read.title, text, bytes: body.length, ...validators }, links: read.links };
}

async function readByType(
  { url, body, contentType }: FetchedResource,
  readDocument: ReadDocument,
  signal: AbortSignal | undefined,
): Promise<HtmlPage> {
  const { mime, charset } = parseContentType(contentType);
  if (HTML_TYPES.has(mime)) return readHtmlBounded(decodeHtml(body, charset), url, signal);
  if (mime === 'text/plain') return { title: titleFromUrl(url), text: decodeText(body, charset), links: [] };
  if (DOCUMENT_TYPES.has(mime) || (UNKNOWN_TYPES.has(mime) && isPdf(body))) {
    return { title: titleFromUrl(url), text: await readDocumentText(body, readDocument), links: [] };
  }
  throw new SourceFetchError('unsupportedType', `Cannot read ${mime || 'an untyped file'}.`);
}

async function readDocumentText(body: Buffer, readDocument: ReadDocument): Promise<string> {
  try {
    return (await readDocument(new Uint8Array(body.buffer, body.byteOffset, body.byteLength))).text;
  } catch (error) {
    if (error instanceof SourceFetchError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new SourceFetchError('noText', `Could not read the document: ${detail}`, { cause: error });
  }
}

function isPdf(body: Buffer): boolean {
  return body.subarray(0, 5).toString('latin1') === '%PDF-';
}
