/**
 * A small stand-in for GFM's autolinks (remark-gfm is too heavy for the widget): bare e-mail addresses and
 * http(s) addresses in a reply's text become links, e.g. "contact info@vuxo.example" (the product's
 * {email}). The links then pass react-markdown's URL transform like any other.
 */
interface Node {
  type: string;
  value?: string;
  url?: string;
  children?: Node[];
}

const PATTERN = /\bhttps?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]|[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b/gi;
const SKIP = new Set(['link', 'linkReference', 'inlineCode', 'code', 'definition']);

function split(value: string): Node[] | null {
  const parts: Node[] = [];
  let last = 0;
  for (const match of value.matchAll(PATTERN)) {
    const text = match[0];
    const at = match.index ?? 0;
    if (at > last) parts.push({ type: 'text', value: value.slice(last, at) });
    const url = text.includes('@') && !/^https?:/i.test(text) ? `mailto:${text}` : text;
    parts.push({ type: 'link', url, children: [{ type: 'text', value: text }] });
    last = at + text.length;
  }
  if (parts.length === 0) return null;
  if (last < value.length) parts.push({ type: 'text', value: value.slice(last) });
  return parts;
}

function walk(node: Node): void {
  if (!node.children || SKIP.has(node.type)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value) return split(child.value) ?? [child];
    walk(child);
    return [child];
  });
}

export default function remarkAutolink() {
  return (tree: Node) => walk(tree);
}
