import { Readability } from '@mozilla/readability';
import { parseDocument, type DomDocument, type DomElement } from './dom.js';
import { elementToText } from './html-text.js';
import { resolveLink, titleFromUrl } from './urls.js';

/** Links kept from one page: more than a crawl remembers (it stops queueing at 5,000 addresses). */
export const MAX_PAGE_LINKS = 5000;
/** Below this, Readability probably missed the content (a contact page, a price list): use the body. */
const MIN_READABLE_CHARS = 200;

export interface HtmlPage {
  title: string;
  text: string;
  /** Absolute http(s) links of the page, hash removed, each once. */
  links: string[];
}

/** The readable text, title and links of an HTML page fetched from `url`. */
export function readHtml(html: string, url: string): HtmlPage {
  const document = parseDocument(html);
  const links = pageLinks(document, url);
  const documentTitle = document.title.trim();
  // Readability rewrites the document it reads; keep an untouched body for the fallback.
  const body = document.body.cloneNode(true);
  const article = readArticle(document);
  const articleText = article?.content ? elementToText(article.content) : '';
  const text = articleText.length >= MIN_READABLE_CHARS ? articleText : elementToText(body) || articleText;
  const title = article?.title?.trim() || documentTitle || titleFromUrl(url);
  return { title, text, links };
}

type Article = ReturnType<Readability<DomElement>['parse']>;
/** Readability's typings name the browser's Document; linkedom's document is the same shape. */
type ReadableDocument = ConstructorParameters<typeof Readability>[0];

function readArticle(document: DomDocument): Article {
  try {
    // The serializer hands back the article's element itself, so it is walked without re-parsing.
    const readable = document as unknown as ReadableDocument;
    return new Readability<DomElement>(readable, {
      serializer: (node) => node as unknown as DomElement,
    }).parse();
  } catch {
    return null; // Readability gives up on some odd documents; the body fallback still reads them.
  }
}

function pageLinks(document: DomDocument, url: string): string[] {
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  const base = (baseHref && resolveLink(baseHref, url)) || url;
  const links = new Set<string>();
  for (const anchor of document.querySelectorAll('a[href], area[href]')) {
    const link = resolveLink(anchor.getAttribute('href') ?? '', base);
    if (link) links.add(link);
    if (links.size >= MAX_PAGE_LINKS) break;
  }
  return [...links];
}
