import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page (or only on the element `within` locates) and fails on any serious or critical
 * violation, once running transitions have reached their end. The script is evaluated through the DevTools protocol: the app's Content-Security-Policy
 * (script-src 'self') would refuse an injected script tag, and it stays on, as in production.
 */
export async function expectAccessible(page: Page, where: string, within?: Locator): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const scope = within ? await within.elementHandle() : null;
  const violations = await page.evaluate(async (element) => {
    const axe = (
      window as unknown as {
        axe: { run: (c: Element | Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // A dialog fading in is measured as it will stay, not half-transparent: finite animations jump to their end.
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
    const { violations } = await axe.run(element ?? document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  }, scope);
  expect(violations, `accessibility of ${where}`).toEqual([]);
}
