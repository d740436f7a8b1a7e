import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import MarkdownText from '../../src/features/widget/components/markdown-text';

afterEach(cleanup);

/** The renderer runs with the build's shims (src/shims): what a reply's markdown becomes must not change. */
describe('a reply as markdown', () => {
  it('renders CommonMark with the properties the shims carry: links, lists, code, emphasis', () => {
    const text = [
      '## Opening hours',
      '',
      'We are **open** _every_ day. See [our prices](https://example.com/prices "Price list") or mail care@example.com.',
      '',
      '3. Book',
      '4. Come in',
      '',
      '```js',
      'const hours = 9;',
      '```',
    ].join('\n');
    const { container } = render(<MarkdownText text={text} />);
    expect(container.querySelector('h2')?.textContent).toBe('Opening hours');
    expect(container.querySelector('strong')?.textContent).toBe('open');
    expect(container.querySelector('em')?.textContent).toBe('every');
    const link = container.querySelector('a[href="https://example.com/prices"]');
    expect(link?.getAttribute('title')).toBe('Price list');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('a[href="mailto:care@example.com"]')?.textContent).toBe(
      'care@example.com',
    );
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(container.querySelector('code')?.getAttribute('class')).toBe('language-js');
  });

  it('drops raw HTML and images, and leaves a dangerous link as text', () => {
    const { container } = render(
      <MarkdownText
        text={'<b onclick="x()">hi</b> ![x](https://example.com/x.png) [run](javascript:alert(1))'}
      />,
    );
    expect(container.querySelector('b, img, [onclick]')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('run');
  });
});
