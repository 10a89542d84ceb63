import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (a test dependency, never shipped) in the page; every violation, of any impact.
 * `targetSize`: also WCAG 2.2's target size (24 px, axe's rule off by default), which the
 * accessibility suite holds every screen and state to once the page is still (a target passing under
 * the sticky header while a form scrolls into view counts as obscured).
 */
export async function allViolations(page: Page, options: { targetSize?: boolean } = {}): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, as a test tool: the page's CSP (no inline script) stays as it ships.
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate<AxeViolation[]>(`axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: ${options.targetSize === true} } } }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  })))`);
}

/** The serious and critical violations only (the bar other e2e tests hold their own screens to). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await allViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
