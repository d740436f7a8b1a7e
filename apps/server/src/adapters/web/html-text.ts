import { isElement, TEXT_NODE, type DomElement, type DomNode } from './dom.js';

/** Elements whose content is never readable text. */
const SKIPPED = new Set(
  'head title script style noscript template svg canvas iframe object embed select option textarea button input'.split(
    ' ',
  ),
);
/** Elements that start and end a paragraph. */
const BLOCKS = new Set(
  (
    'p div section article main aside header footer nav blockquote figure figcaption address details ' +
    'summary dl dt dd fieldset legend form center hgroup li body html'
  ).split(' '),
);
const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** Collects inline text into paragraphs ("blocks"), collapsing whitespace inside each line. */
class TextWriter {
  private readonly blocks: string[] = [];
  private inline = '';

  /** Source whitespace (newlines included) is collapsed; only <br> breaks a line. */
  text(value: string): void {
    this.inline += value.replace(/\s+/g, ' ');
  }

  lineBreak(): void {
    this.inline += '\n';
  }

  endBlock(): void {
    const lines = this.inline
      .split('\n')
      .map((line) => line.replace(/ +/g, ' ').trim())
      .filter(Boolean);
    this.inline = '';
    if (lines.length > 0) this.blocks.push(lines.join('\n'));
  }

  block(text: string): void {
    this.endBlock();
    if (text) this.blocks.push(text);
  }

  result(separator: string): string {
    this.endBlock();
    return this.blocks.join(separator);
  }
}

/**
 * Plain text of an element that keeps its structure: headings as markdown `#` lines, paragraphs
 * separated by blank lines, list items as `- item`, table rows as `Header: cell` or `a | b` lines.
 */
export function elementToText(element: DomElement): string {
  return renderChildren(element).result('\n\n');
}

function renderChildren(element: DomElement, writer = new TextWriter()): TextWriter {
  for (const child of element.childNodes) render(child, writer);
  return writer;
}

/** An element's text on one line. */
function inlineText(element: DomElement): string {
  return renderChildren(element).result(' ').replace(/\s+/g, ' ');
}

function render(node: DomNode, writer: TextWriter): void {
  if (node.nodeType === TEXT_NODE) writer.text(node.textContent ?? '');
  if (!isElement(node) || SKIPPED.has(node.localName)) return;
  const name = node.localName;
  const level = HEADINGS[name];
  if (level) writer.block(headingText(node, level));
  else if (name === 'ul' || name === 'ol') writer.block(listText(node, name === 'ol'));
  else if (name === 'table') writer.block(tableText(node));
  else if (name === 'pre') writer.block(preformattedText(node));
  else if (name === 'br') writer.lineBreak();
  else if (name === 'hr') writer.endBlock();
  else if (BLOCKS.has(name)) {
    writer.endBlock();
    renderChildren(node, writer);
    writer.endBlock();
  } else renderChildren(node, writer);
}

function headingText(heading: DomElement, level: number): string {
  const text = inlineText(heading);
  return text && `${'#'.repeat(level)} ${text}`;
}

/** `- item` lines (`1. item` when ordered); an item's further lines and nested lists are indented. */
function listText(list: DomElement, ordered: boolean): string {
  const lines: string[] = [];
  let number = 0;
  for (const item of list.children) {
    if (item.localName !== 'li') continue;
    const [first, ...rest] = renderChildren(item).result('\n').split('\n');
    if (!first) continue;
    lines.push(`${ordered ? `${++number}.` : '-'} ${first}`, ...rest.map((line) => `  ${line}`));
  }
  return lines.join('\n');
}

function tableText(table: DomElement): string {
  const rows = [...table.querySelectorAll('tr')].map((row) =>
    [...row.children].filter((cell) => cell.localName === 'td' || cell.localName === 'th'),
  );
  const [firstRow] = rows;
  const headers =
    firstRow && firstRow.length > 1 && firstRow.every((cell) => cell.localName === 'th')
      ? firstRow.map(inlineText)
      : undefined;
  const lines = (headers ? rows.slice(1) : rows).map((cells) => rowText(cells, headers));
  if (headers && lines.length === 0) lines.push(headers.join(' | '));
  return lines.filter(Boolean).join('\n');
}

/** `Header: cell; …` under a header row, `Key: value` for a row headed by its own <th>, else `a | b`. */
function rowText(cells: DomElement[], headers: string[] | undefined): string {
  const texts = cells.map(inlineText);
  if (headers) {
    return texts
      .map((text, i) => (text && headers[i] ? `${headers[i]}: ${text}` : text))
      .filter(Boolean)
      .join('; ');
  }
  if (texts.length === 2 && cells[0]?.localName === 'th') return `${texts[0]}: ${texts[1]}`;
  return texts.filter(Boolean).join(' | ');
}

function preformattedText(pre: DomElement): string {
  return (pre.textContent ?? '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}
