// axe-core on every screen and dialog (e2e/support/screens.ts), in the light and the dark colour
// scheme (issue 14, Accessibility): no serious or critical violation anywhere, and none at any impact of
// the heading and landmark rules (issue 21, support/axe.ts's STRUCTURE_RULES). The per-screen counts
// are printed at the end for the note.
//
// In dark, the colour rules run (axe's cat.color) when the page is the light run's page in all but
// colour: the same markup, boxes and visibility (support/axe.ts's layoutFingerprint), before and after
// the light run and before the dark one. The console's dark scheme changes colours only (Mantine's and
// our CSS variables), so every other rule sees the same page and finds the same; measured on all 49
// screens with every rule in both schemes: equal node for node wherever the page was equal (decision
// 034). Where it is not (a dialog's timer, data still arriving), every rule runs in dark too, as before.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type AxeFinding, axeFindings, isBlocking, layoutFingerprint, settle } from './support/axe';
import { E2E_BASE_URL, seedReset } from './support/cli';
import { openAfresh } from './support/open-afresh';
import { type Actor, openScreen, type Screen, screens, signIn } from './support/screens';

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

/** What one scheme's run found, and whether it ran the colour rules only. */
interface SchemeRun {
  findings: AxeFinding[];
  colourRulesOnly: boolean;
}

function readCounts(): Map<string, Partial<Record<Scheme, SchemeRun>>> {
  const counts = new Map<string, Partial<Record<Scheme, SchemeRun>>>();
  if (!existsSync(COUNTS_FILE)) return counts;
  for (const line of readFileSync(COUNTS_FILE, 'utf8').split('\n').filter(Boolean)) {
    const { name, scheme, findings, colourRulesOnly } = JSON.parse(line) as SchemeRun & {
      name: string;
      scheme: Scheme;
    };
    counts.set(name, { ...counts.get(name), [scheme]: { findings, colourRulesOnly } });
  }
  return counts;
}

test.afterAll(() => {
  const rows = [...readCounts()].map(([name, byScheme]) => {
    const cell = (run?: SchemeRun) => {
      if (!run) return '-';
      const blocking = run.findings.filter(isBlocking).length;
      return `${blocking} (${run.findings.length - blocking})${run.colourRulesOnly ? ' c' : ''}`;
    };
    return `| ${name.padEnd(34)} | ${cell(byScheme.light).padEnd(7)} | ${cell(byScheme.dark).padEnd(9)} |`;
  });
  console.log(
    [
      'axe-core violations per screen: blocking (serious, critical, structure rules) and (the rest)',
      "c: the colour rules only (axe's cat.color), on a page equal to the light run's but for colour",
      `| ${'screen'.padEnd(34)} | light   | dark      |`,
      `| ${'-'.repeat(34)} | ------- | --------- |`,
      ...rows,
    ].join('\n'),
  );
});

// One signed-in page per role, kept across that role's screens (as the phone sweep does): a sign-in is
// a console start and a team overview of its own, and it was every second page load of this file.
// Each screen opens as a fresh load shows it, through the console's router (support/open-afresh.ts:
// nothing of the screen before stays; decision 037). Visitors, never signed in, get the
// test's own fresh page.
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

/** Opens a signed-in screen on its role's page, in the light scheme as a fresh page would be. */
async function openOnRolePage(browser: Browser, actor: Actor, screen: Screen): Promise<Page> {
  const { page, team } = await pageFor(browser, actor);
  await page.emulateMedia({ colorScheme: 'light' });
  await openAfresh(page, screen, team);
  return page;
}

/**
 * axe in the light scheme, then the system switched to dark (the console follows it live), axe again:
 * the colour rules only if the page is the same but for colour (see the top of this file), else all.
 */
async function expectNoBlockingFindings(page: Page, name: string): Promise<void> {
  const blocking: Partial<Record<Scheme, AxeFinding[]>> = {};
  const fingerprints: string[] = [];
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    await settle(page);
    fingerprints.push(await layoutFingerprint(page));
    const colourRulesOnly =
      colorScheme === 'dark' && fingerprints.every((print) => print === fingerprints[0]);
    const findings = await axeFindings(page, { colourRulesOnly });
    if (colorScheme === 'light') fingerprints.push(await layoutFingerprint(page));
    appendFileSync(
      COUNTS_FILE,
      `${JSON.stringify({ name, scheme: colorScheme, findings, colourRulesOnly })}\n`,
    );
    blocking[colorScheme] = findings.filter(isBlocking);
  }
  expect(blocking, JSON.stringify(blocking, null, 2)).toEqual({ light: [], dark: [] });
}

// One page per screen, checked in both schemes: half the page loads of a test per scheme, the same
// coverage. Only a visitor's screen asks for the test's own page (a context of its own).
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
