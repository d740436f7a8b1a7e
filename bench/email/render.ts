/**
 * docs/email: every message the product sends, rendered by its real component with sample data
 * (apps/server/src/services/email/examples.ts), as the README links them. Run: npm run emails.
 * The server's test `email-examples.test.ts` fails when the files differ from what this writes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMAIL_EXAMPLES_DIR, renderEmailExamples } from '../../apps/server/src/services/email/examples.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, EMAIL_EXAMPLES_DIR);
await mkdir(dir, { recursive: true });
for (const [name, content] of await renderEmailExamples()) {
  await writeFile(path.join(dir, name), content);
  console.log(`${EMAIL_EXAMPLES_DIR}/${name}`);
}
