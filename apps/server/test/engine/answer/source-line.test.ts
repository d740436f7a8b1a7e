import { sourceLabel, sourceLine } from '../../../src/engine/answer/index.js';
import { splitIntoPassages, type Passage } from '../../../src/engine/passages/index.js';

const passage = (overrides: Partial<Passage>): Passage => ({
  ordinal: 0,
  heading: null,
  page: null,
  text: 'Some text.',
  tokenCount: 3,
  ...overrides,
});

describe('the source line', () => {
  it('names a part of the document by heading and page, or the document', () => {
    expect(sourceLine([passage({ heading: 'Fees', page: 3 })], 'handbook.pdf')).toBe(
      '_Source: Fees (page 3)_',
    );
    expect(sourceLine([passage({}), passage({ heading: 'Hours' })], 'handbook.pdf')).toBe(
      '_Sources: handbook.pdf; Hours_',
    );
  });

  it('links a website page by its title, its address made safe inside the link', () => {
    const page = passage({
      heading: 'Classes',
      source: { title: 'Aquatic [therapy]', url: 'https://clinic.example/a (1)?x=<y>' },
    });
    expect(sourceLabel(page, 'handbook.pdf')).toBe('Aquatic [therapy]');
    expect(sourceLine([page, page], 'handbook.pdf')).toBe(
      '_Source: [Aquatic \\[therapy\\]](https://clinic.example/a%20%281%29?x=%3Cy%3E)_',
    );
  });
});

describe('source labels with direction controls', () => {
  // A page title or a heading that would show the label reversed, and one made of nothing else.
  const RLO = '\u202e';
  const PDF = '\u202c';

  it('are shown without them, for a website page, a heading and a document name', () => {
    const page = passage({
      source: { title: `${RLO}sruoh gninepO${PDF}`, url: 'https://clinic.example/hours' },
    });
    expect(sourceLabel(page, 'handbook.pdf')).toBe('sruoh gninepO');
    expect(sourceLine([page], 'handbook.pdf')).toBe(
      '_Source: [sruoh gninepO](https://clinic.example/hours)_',
    );
    expect(sourceLabel(passage({ heading: `\u2067Fees\u2069`, page: 3 }), 'x.pdf')).toBe('Fees (page 3)');
    expect(sourceLine([passage({})], `\u200fhandbook${RLO}fdp.exe`)).toBe('_Source: handbookfdp.exe_');
  });

  it('fall back to the address or the document when a title or heading is nothing else', () => {
    const page = passage({ source: { title: `${RLO}\u200e`, url: 'https://clinic.example/' } });
    expect(sourceLabel(page, 'handbook.pdf')).toBe('https://clinic.example/');
    expect(sourceLabel(passage({ heading: '\u2066\u2069' }), 'handbook.pdf')).toBe('handbook.pdf');
  });
});

describe('passages of website pages', () => {
  it('follow the document, numbered on, each with its page as source and its title as heading when it has none', () => {
    const passages = splitIntoPassages({
      text: '# Hours\n\nOpen daily.',
      pages: null,
      webPages: [
        { url: 'https://clinic.example/pool', title: 'Pool', text: 'Classes on Wednesday.' },
        { url: 'https://clinic.example/team', title: 'Team', text: '# Staff\n\nEight therapists.' },
      ],
    });
    expect(passages.map((p) => [p.ordinal, p.heading, p.source?.url ?? null])).toEqual([
      [0, 'Hours', null],
      [1, 'Pool', 'https://clinic.example/pool'],
      [2, 'Staff', 'https://clinic.example/team'],
    ]);
  });
});
