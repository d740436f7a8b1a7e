import { LABEL_CLOSE, LABEL_OPEN } from './docx-numbering.js';

/**
 * Turns mammoth's HTML (a small, well-formed tag set) into plain text that keeps the structure:
 * `#` headings, paragraphs separated by blank lines, `-`/`1.` list items, table rows as `a | b` lines.
 */
const TOKEN = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>|([^<]+)/gi;
const ENTITY = /&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi;
/** mammoth's "↑" links from a foot- or endnote back to its reference. */
const BACK_LINK = /<a href="#(?:footnote|endnote)-ref-[^"]*">\u2191<\/a>/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

const NUMBER_LABEL = new RegExp(`^${LABEL_OPEN}([^${LABEL_OPEN}${LABEL_CLOSE}]{1,40})${LABEL_CLOSE}\\s*`);
const ANY_LABEL = new RegExp(`${LABEL_OPEN}([^${LABEL_OPEN}${LABEL_CLOSE}]{0,40})${LABEL_CLOSE}`, 'g');

interface Block {
  text: string;
  listItem: boolean;
}

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (_match, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[name.toLowerCase()] ?? '';
  });
}

export function htmlToText(html: string): string {
  const blocks: Block[] = [];
  const lists: { ordered: boolean; index: number }[] = [];
  let prefix = '';
  let text = '';
  let listItem = false;
  let row: string[] | null = null;
  let cell: string | null = null;
  let tableRows: string[] = [];

  const flush = (): void => {
    let line = text.replace(/[ \t]+/g, ' ').trim();
    // A list number as Word prints it (docx-numbering.ts): the item's label; anywhere else, text.
    const label = NUMBER_LABEL.exec(line);
    if (label && listItem && prefix) {
      prefix = `${prefix.slice(0, prefix.length - prefix.trimStart().length)}${label[1]} `;
      line = line.slice(label[0].length);
    }
    line = line.replace(ANY_LABEL, '$1 ').trim();
    if (line) blocks.push({ text: prefix + line, listItem });
    prefix = '';
    text = '';
    listItem = false;
  };

  for (const [, closing, rawTag, raw] of html.replace(BACK_LINK, '').matchAll(TOKEN)) {
    if (raw !== undefined) {
      const chunk = decodeEntities(raw).replace(/\s*\n\s*/g, ' ');
      if (cell !== null) cell += chunk;
      else text += chunk;
      continue;
    }
    const tag = (rawTag ?? '').toLowerCase();
    const open = closing !== '/';
    if (cell !== null && tag !== 'td' && tag !== 'th') {
      if (tag === 'p' || tag === 'br' || tag === 'li') cell += ' ';
      continue;
    }
    if (/^h[1-6]$/.test(tag)) {
      flush();
      if (open) prefix = `${'#'.repeat(Number(tag[1]))} `;
    } else if (tag === 'p') {
      if (!listItem) flush();
    } else if (tag === 'br') {
      text += '\n';
    } else if (tag === 'ul' || tag === 'ol') {
      flush();
      if (open) lists.push({ ordered: tag === 'ol', index: 0 });
      else lists.pop();
    } else if (tag === 'li') {
      flush();
      const list = lists.at(-1);
      if (open && list) {
        list.index += 1;
        prefix = `${'  '.repeat(lists.length - 1)}${list.ordered ? `${list.index}.` : '-'} `;
        listItem = true;
      }
    } else if (tag === 'table') {
      flush();
      if (!open && tableRows.length > 0) blocks.push({ text: tableRows.join('\n'), listItem: false });
      tableRows = [];
    } else if (tag === 'tr') {
      if (open) row = [];
      else if (row) {
        if (row.some((value) => value)) tableRows.push(row.join(' | '));
        row = null;
      }
    } else if (tag === 'td' || tag === 'th') {
      if (open) cell = '';
      else if (cell !== null) {
        row?.push(cell.replace(ANY_LABEL, '$1 ').replace(/\s+/g, ' ').trim());
        cell = null;
      }
    }
  }
  flush();
  return blocks
    .map(
      (block, i) => (i === 0 ? '' : block.listItem && blocks[i - 1]?.listItem ? '\n' : '\n\n') + block.text,
    )
    .join('');
}
