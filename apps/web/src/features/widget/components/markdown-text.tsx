import type { ComponentPropsWithoutRef } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkAutolink from './remark-autolink';
import styles from './chat.module.css';

/**
 * A bot reply as markdown: CommonMark, without the GFM extensions, whose weight (a third of the renderer) would
 * break the widget's budget; bare addresses still become links. react-markdown's default URL transform is the
 * product's link rule (http, https, irc, ircs, mailto, xmpp or no scheme; anything else becomes empty);
 * raw HTML is dropped, never rendered; links open in a new tab, and a link left without a target is plain text.
 */
function Link({ href, children, node: _node, ...rest }: ComponentPropsWithoutRef<'a'> & { node?: unknown }) {
  if (!href) return <span>{children}</span>;
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

const components: Components = { a: Link };
const plugins = [remarkAutolink];

export default function MarkdownText({ text }: { text: string }) {
  return (
    <div className={styles.markdown}>
      <Markdown
        remarkPlugins={plugins}
        skipHtml
        disallowedElements={['img']}
        unwrapDisallowed
        components={components}
      >
        {text}
      </Markdown>
    </div>
  );
}
