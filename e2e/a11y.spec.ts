// axe-core on every screen and dialog (e2e/support/screens.ts), in the light and the dark colour
// scheme (issue 14, Accessibility): no serious or critical violation anywhere, and none at any impact of
// the heading and landmark rules (issue 21, support/axe.ts's STRUCTURE_RULES). The per-screen counts
// are printed at the end for the note.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type AxeFinding, axeFindings, isBlocking } from './support/axe';
import { seedReset } from './support/cli';
import { openScreen, screens } from './support/screens';

// The console's CSP allows same-origin script files only, and Playwright injects axe-core's script
// into the page: bypassCSP lets it run. Only this test context relaxes it; content-security.spec.ts
// checks the real policy.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 60_000 });

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

// Playwright starts a new worker after a failed test, so the counts go to a file, one JSON line per
// screen and scheme, and the last worker prints them all (Playwright empties test-results/ per run).
const COUNTS_FILE = 'test-results/axe-counts.jsonl';

test.beforeAll(async () => {
  mkdirSync('test-results', { recursive: true });
  await seedReset();
});

function readCounts(): Map<string, Partial<Record<Scheme, AxeFinding[]>>> {
  const counts = new Map<string, Partial<Record<Scheme, AxeFinding[]>>>();
  if (!existsSync(COUNTS_FILE)) return counts;
  for (const line of readFileSync(COUNTS_FILE, 'utf8').split('\n').filter(Boolean)) {
    const { name, scheme, findings } = JSON.parse(line) as {
      name: string;
      scheme: Scheme;
      findings: AxeFinding[];
    };
    counts.set(name, { ...counts.get(name), [scheme]: findings });
  }
  return counts;
}

test.afterAll(() => {
  const rows = [...readCounts()].map(([name, byScheme]) => {
    const cell = (findings?: AxeFinding[]) =>
      findings
        ? `${findings.filter(isBlocking).length} (${findings.length - findings.filter(isBlocking).length})`
        : '-';
    return `| ${name.padEnd(34)} | ${cell(byScheme.light).padEnd(7)} | ${cell(byScheme.dark).padEnd(7)} |`;
  });
  console.log(
    [
      'axe-core violations per screen: blocking (serious, critical, structure rules) and (the rest)',
      `| ${'screen'.padEnd(34)} | light   | dark    |`,
      `| ${'-'.repeat(34)} | ------- | ------- |`,
      ...rows,
    ].join('\n'),
  );
});

// One page load per screen: axe in the light scheme, then the system switched to dark (the console
// follows it live), axe again. Half the sign-ins of a test per scheme, the same coverage.
test.use({ colorScheme: 'light' });
for (const screen of screens) {
  test(screen.name, async ({ page }) => {
    await openScreen(page, screen);
    const blocking: Partial<Record<Scheme, AxeFinding[]>> = {};
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      const findings = await axeFindings(page);
      appendFileSync(
        COUNTS_FILE,
        `${JSON.stringify({ name: screen.name, scheme: colorScheme, findings })}\n`,
      );
      blocking[colorScheme] = findings.filter(isBlocking);
    }
    expect(blocking, JSON.stringify(blocking, null, 2)).toEqual({ light: [], dark: [] });
  });
}
