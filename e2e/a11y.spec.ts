// axe-core on every screen and dialog (e2e/support/screens.ts), in the light and the dark colour
// scheme (issue 14, Accessibility): no serious or critical violation anywhere, and none at any impact of
// the heading and landmark rules (issue 21, support/axe.ts's STRUCTURE_RULES). The per-screen counts
// are printed at the end for the note.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type AxeFinding, axeFindings, isBlocking } from './support/axe';
import { E2E_BASE_URL, seedReset } from './support/cli';
import { type Actor, openScreen, openSignedIn, type Screen, screens, signIn } from './support/screens';

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

// One signed-in page per role, kept across that role's screens (as the phone sweep does): a sign-in is
// a console start and a team overview of its own, and it was every second page load of this file.
// Each screen still loads afresh from a blank page, so no dialog of the screen before stays open.
// Visitors, never signed in, get the test's own fresh page.
const signedIn = new Map<Actor, Promise<{ page: Page; team: string }>>();
function pageFor(browser: Browser, actor: Actor) {
  let entry = signedIn.get(actor);
  if (!entry) {
    entry = (async () => {
      const context = await browser.newContext({
        baseURL: E2E_BASE_URL,
        bypassCSP: true,
        colorScheme: 'light',
      });
      const page = await context.newPage();
      return { page, team: await signIn(page, actor) };
    })();
    signedIn.set(actor, entry);
  }
  return entry;
}
test.afterAll(async () => {
  for (const entry of signedIn.values()) await (await entry).page.context().close();
  signedIn.clear();
});

/** Opens a signed-in screen on its role's page, loaded in the light scheme as a fresh page would be. */
async function openOnRolePage(browser: Browser, actor: Actor, screen: Screen): Promise<Page> {
  const { page, team } = await pageFor(browser, actor);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('about:blank');
  await openSignedIn(page, screen, team);
  return page;
}

/** axe in the light scheme, then the system switched to dark (the console follows it live), axe again. */
async function expectNoBlockingFindings(page: Page, name: string): Promise<void> {
  const blocking: Partial<Record<Scheme, AxeFinding[]>> = {};
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    const findings = await axeFindings(page);
    appendFileSync(COUNTS_FILE, `${JSON.stringify({ name, scheme: colorScheme, findings })}\n`);
    blocking[colorScheme] = findings.filter(isBlocking);
  }
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual({ light: [], dark: [] });
}

// One page load per screen, checked in both schemes: half the page loads of a test per scheme, the
// same coverage. Only a visitor's screen asks for the test's own page (a context of its own).
test.use({ colorScheme: 'light' });
for (const screen of screens) {
  const actor = screen.as;
  if (actor) {
    test(screen.name, async ({ browser }) => {
      await expectNoBlockingFindings(await openOnRolePage(browser, actor, screen), screen.name);
    });
  } else {
    test(screen.name, async ({ page }) => {
      await openScreen(page, screen);
      await expectNoBlockingFindings(page, screen.name);
    });
  }
}
