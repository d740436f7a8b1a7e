import { parseDocument } from '../../../src/adapters/web/dom.js';
import { readHtml } from '../../../src/adapters/web/html-page.js';
import { elementToText } from '../../../src/adapters/web/html-text.js';

const textOf = (html: string) => elementToText(parseDocument(html).body);

describe('elementToText', () => {
  it('keeps headings, paragraphs and line breaks', () => {
    const html =
      '<h1>Menu</h1><p>Soups   and\n salads</p><h3>Hours</h3><p>Mon–Fri<br>9 to 5</p><div>Closed <em>Sundays</em></div>';
    expect(textOf(html)).toBe('# Menu\n\nSoups and salads\n\n### Hours\n\nMon–Fri\n9 to 5\n\nClosed Sundays');
  });

  it('writes lists as items, nested ones indented', () => {
    const html =
      '<ul><li>Bread<ul><li>Rye</li><li>Spelt</li></ul></li><li><p>Cakes</p></li></ul><ol><li>One</li><li>Two</li></ol>';
    expect(textOf(html)).toBe('- Bread\n  - Rye\n  - Spelt\n- Cakes\n\n1. One\n2. Two');
  });

  it('writes table rows under their headers, as key: value, or as cells', () => {
    const headed =
      '<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody>' +
      '<tr><td>Basic</td><td>$10</td></tr><tr><td>Pro</td><td></td></tr></tbody></table>';
    expect(textOf(headed)).toBe('Plan: Basic; Price: $10\nPlan: Pro');
    const keyed =
      '<table><tr><th>Phone</th><td>555 0100</td></tr><tr><th>Email</th><td>hi@shop.example</td></tr></table>';
    expect(textOf(keyed)).toBe('Phone: 555 0100\nEmail: hi@shop.example');
    expect(textOf('<table><tr><td>a</td><td>b</td><td>c</td></tr></table>')).toBe('a | b | c');
  });

  it('keeps preformatted text and skips scripts, styles and forms controls', () => {
    const html =
      '<pre>  line 1\n    line 2\n</pre><script>alert(1)</script><style>p{}</style><button>Buy</button><p>End</p>';
    expect(textOf(html)).toBe('  line 1\n    line 2\n\nEnd');
  });
});

describe('readHtml', () => {
  it('reads pages that leave out <html>, <head> and <body>', () => {
    const read = readHtml(
      '<!doctype html><title>Bakery</title><p>Fresh bread daily.</p>',
      'http://shop.test/',
    );
    expect(read).toMatchObject({ title: 'Bakery', text: 'Fresh bread daily.' });
  });

  it('collects absolute links, honouring <base>, without hashes or non-web links', () => {
    const read = readHtml(
      '<html><head><base href="/shop/"></head><body><a href="cakes#top">Cakes</a> <a href="/about">About</a> ' +
        '<a href="mailto:hi@shop.test">Mail</a> <a href="tel:5550100">Call</a> <a href="javascript:void(0)">x</a> ' +
        '<a href="https://other.test/">Other</a> <a href="/about">Again</a></body></html>',
      'http://shop.test/index.html',
    );
    expect(read.links).toEqual([
      'http://shop.test/shop/cakes',
      'http://shop.test/about',
      'https://other.test/',
    ]);
  });
});
