// axe-core in a builder frame: its source is evaluated through the DevTools protocol (the
// page's CSP allows no inline script, and rightly), then run on the whole document.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/** The serious and critical violations of WCAG 2.x A/AA and best-practice rules on the frame's page. */
export async function seriousViolations(frame: Frame): Promise<AxeViolation[]> {
  await frame.evaluate(`${axeSource};0`);
  const violations = (await frame.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => String(n.target)) })))`)) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
