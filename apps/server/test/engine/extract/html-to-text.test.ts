import { htmlToText } from '../../../src/engine/extract/html-to-text.js';

describe('htmlToText (mammoth output to structured plain text)', () => {
  it('renders headings as # lines and separates blocks with blank lines', () => {
    expect(htmlToText('<h1>Title</h1><p>One &amp; two</p><h3>Deep</h3><p>Line<br />break</p>')).toBe(
      '# Title\n\nOne & two\n\n### Deep\n\nLine\nbreak',
    );
  });

  it('renders lists, nested and numbered, one item per line', () => {
    const html =
      '<p>Intro</p><ul><li>Apple<ul><li>Green</li></ul></li><li>Pear</li></ul><ol><li>First</li><li>Second</li></ol>';
    expect(htmlToText(html)).toBe('Intro\n\n- Apple\n  - Green\n- Pear\n1. First\n2. Second');
  });

  it('renders table rows as lines of cells, paragraphs inside a cell joined', () => {
    const html =
      '<table><thead><tr><th><p>Day</p></th><th><p>Hours</p></th></tr></thead>' +
      '<tr><td><p>Mon</p><p>(holiday)</p></td><td><p>9&#8211;5</p></td></tr></table><p>After</p>';
    expect(htmlToText(html)).toBe('Day | Hours\nMon (holiday) | 9–5\n\nAfter');
  });

  it('drops images and footnote back-links, keeps the notes', () => {
    const html =
      '<p>Text<sup><a href="#footnote-1" id="footnote-ref-1">[1]</a></sup><img src="" /></p>' +
      '<ol><li id="footnote-1"><p>The note. <a href="#footnote-ref-1">↑</a></p></li></ol>';
    expect(htmlToText(html)).toBe('Text[1]\n\n1. The note.');
  });
});
