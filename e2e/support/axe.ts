// axe-core in the browser tests (issue 14, Accessibility). `@axe-core/playwright` needs a newer Node
// than the machines have, so the `axe-core` package's own script is injected into the page and run
// there. The console's CSP allows only same-origin script files: the page's context must be made
// with `bypassCSP: true` (see e2e/a11y.spec.ts), or the injected script would be refused.
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** WCAG 2.x A and AA, plus axe's best practices (headings, landmarks), as the issue asks. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits until no transition or finite animation runs: a dialog fading in would fail contrast half-way.
 * Endless ones (a loader's dots) never end and change no colour that matters.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** Every axe violation on the page as it is now, one entry per rule. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  return page.evaluate(async (tags) => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  }, TAGS);
}

/**
 * Rules that fail at any impact (issue 21): one h1 per page and landmarks that are unique and cover
 * the content, as screen-reader users navigate by them. axe rates them moderate.
 */
export const STRUCTURE_RULES = [
  'page-has-heading-one',
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'region',
] as const;

export const isBlocking = (finding: AxeFinding) =>
  finding.impact === 'serious' ||
  finding.impact === 'critical' ||
  (STRUCTURE_RULES as readonly string[]).includes(finding.id);
