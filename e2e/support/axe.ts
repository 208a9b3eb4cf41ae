// axe-core in the browser tests (Accessibility). `@axe-core/playwright` needs a newer Node
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

/**
 * Every axe violation on the page as it is now, one entry per rule: of every rule of TAGS, or with
 * `colourRulesOnly` of those among them that read colours (axe's `cat.color`: colour contrast, links
 * told apart from text by colour).
 */
export async function axeFindings(page: Page, { colourRulesOnly = false } = {}): Promise<AxeFinding[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  return page.evaluate(
    async ({ tags, colourRulesOnly }) => {
      type AxeResult = {
        violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
      };
      type Axe = {
        run: (ctx: Document, opts: object) => Promise<AxeResult>;
        getRules: (tags: string[]) => { ruleId: string; tags: string[] }[];
      };
      const axe = (window as unknown as { axe: Axe }).axe;
      const runOnly = colourRulesOnly
        ? {
            type: 'rule',
            values: axe
              .getRules(tags)
              .filter((rule) => rule.tags.includes('cat.color'))
              .map((rule) => rule.ruleId),
          }
        : { type: 'tag', values: tags };
      const result = await axe.run(document, { runOnly, resultTypes: ['violations'] });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? 'minor',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
    },
    { tags: TAGS, colourRulesOnly },
  );
}

/**
 * What every rule but the colour rules reads from the page, as one text: the body's markup (elements,
 * attributes, text), the scroll position, and each element's box and visibility. Two colour schemes of a page with the same
 * fingerprint differ in colours only, so only the colour rules can find anything different there.
 */
export function layoutFingerprint(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.body.outerHTML, String(window.scrollX), String(window.scrollY)];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      const shown = element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      parts.push(`${box.x},${box.y},${box.width},${box.height},${shown}`);
    }
    return parts.join('|');
  });
}

/**
 * Rules that fail at any impact: one h1 per page and landmarks that are unique and cover
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
