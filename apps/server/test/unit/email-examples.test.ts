import { readFile } from 'node:fs/promises';
import { EMAIL_EXAMPLES, renderEmailExamples } from '../../src/services/email/examples.js';

const docs = new URL('../../../../docs/email/', import.meta.url);

/** The README's rendered messages (docs/email) are what the components render now: `npm run emails` remakes them. */
describe('docs/email', () => {
  it('holds every message the product sends, as its components render it today', async () => {
    const rendered = await renderEmailExamples();
    expect(rendered.size).toBe(EMAIL_EXAMPLES.length * 2);
    for (const [name, content] of rendered) {
      const committed = await readFile(new URL(name, docs), 'utf8').catch(() => null);
      expect(committed, `docs/email/${name} is out of date: run npm run emails`).toBe(content);
    }
  });

  it('links each message from the README', async () => {
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    for (const { name } of EMAIL_EXAMPLES) expect(readme).toContain(`(docs/email/${name}.html)`);
  });
});
