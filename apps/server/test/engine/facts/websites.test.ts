import { factLines } from '../../../src/engine/facts/lines.js';
import { findWebsites } from '../../../src/engine/facts/websites.js';

const websites = (text: string) => findWebsites(factLines(text));

describe('findWebsites', () => {
  it('reads links and a labelled bare domain, once each, without trailing punctuation', () => {
    const text = [
      'Book online at https://www.formsalon.example/book.',
      'More at www.formsalon.example/book or https://formsalon.example/book/',
      'Website: harbourview-physio.example',
      'W: bromley-driving.co.uk',
    ].join('\n');
    expect(websites(text)).toEqual([
      'https://www.formsalon.example/book',
      'harbourview-physio.example',
      'bromley-driving.co.uk',
    ]);
  });

  it('takes no email domain and no bare word with a dot', () => {
    expect(websites('Email info@restaurant.example. Runs on Node.js and reads config.yaml.')).toEqual([]);
  });

  it('keeps the business’s own sites, by its email domain, when the document also links others', () => {
    const lines = factLines(
      [
        'Write to hello@hackspace.org.uk or see https://wiki.hackspace.org.uk/rules.',
        'Our videos: https://www.youtube.com/@hackspace; the law: https://www.legislation.gov.uk/ukpga/2018/12',
        'Home page: https://hackspace.org.uk',
      ].join('\n'),
    );
    expect(findWebsites(lines, ['hello@hackspace.org.uk'])).toEqual([
      'https://wiki.hackspace.org.uk/rules',
      'https://hackspace.org.uk',
    ]);
    // No email names the business's domain: every site linked is kept, as none can be told apart.
    expect(findWebsites(lines, ['someone@mail.example'])).toHaveLength(4);
  });
});

describe('findWebsites and example addresses', () => {
  it('takes no address kept for examples: a policy’s sample URL is nobody’s website', () => {
    const text = [
      'A request must send a valid User-Agent, e.g. https://example.org/tiles/1/2/3.png or www.example.com.',
      'Tiles are served by https://tile.openstreetmap.org/.',
    ].join('\n');
    expect(websites(text)).toEqual(['https://tile.openstreetmap.org/']);
  });
});
