import { parseHTML } from 'linkedom';

// linkedom's typings name the browser's DOM types, which the server (no "dom" lib) does not have;
// these few members are all the adapter uses.
export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export interface DomNode {
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly childNodes: Iterable<DomNode>;
}

export interface DomElement extends DomNode {
  /** Lower-case tag name. */
  readonly localName: string;
  readonly children: Iterable<DomElement>;
  getAttribute(name: string): string | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): Iterable<DomElement>;
  cloneNode(deep: boolean): DomElement;
  append(...nodes: DomNode[]): void;
}

export interface DomDocument {
  readonly title: string;
  readonly documentElement: DomElement;
  /** linkedom creates the head and body when the markup has none. */
  readonly head: DomElement;
  readonly body: DomElement;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): Iterable<DomElement>;
}

const HEAD_ELEMENTS = new Set(['title', 'meta', 'link', 'base', 'style']);

/**
 * Parses a page into a document with the usual <html><head><body> shape. linkedom keeps markup as
 * written, while browsers (and Readability) expect that shape even when a page leaves tags out.
 */
export function parseDocument(html: string): DomDocument {
  let { document } = parseHTML(html) as unknown as { document: DomDocument };
  if (document.documentElement?.localName !== 'html') {
    ({ document } = parseHTML(`<html>${html}</html>`) as unknown as { document: DomDocument });
  }
  const { documentElement: root, head, body } = document;
  for (const node of [...root.childNodes]) {
    if (node === head || node === body) continue;
    if (isElement(node) && HEAD_ELEMENTS.has(node.localName)) head.append(node);
    else body.append(node);
  }
  return document;
}

export function isElement(node: DomNode): node is DomElement {
  return node.nodeType === ELEMENT_NODE;
}
