// Opening the sweeps' screens (a11y.spec.ts, phone-sweep.spec.ts) one after another on a page signed in
// as their role, each as a fresh load shows it but through the console's own router: a page load is
// about 1.7 s of Chromium's CPU (decision 034), a route change a small part of that (decision 037).
import { expect, type Page, type Request } from '@playwright/test';
import { E2E_BASE_URL } from './cli';
import { openAndWait, type Screen, screenPath } from './screens';

/**
 * An address inside the team area's path that no team user matches: the console's not-found page in
 * a public frame of its own, so neither the team frame nor the public layout stays mounted.
 */
const BETWEEN_SCREENS = '/teams/between-screens';

/** Pages whose last screen may have changed the data the console holds (Screen.changesData). */
const heldDataMayBeStale = new WeakSet<Page>();

/**
 * Goes to `path` through the console's own router, as its history does on Back: the address pushed
 * with the router's state (a new key and index) and a popstate event. No page load.
 */
async function routeTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const index = (history.state as { idx?: number } | null)?.idx ?? 0;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: index + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/** The requests each page has open, followed from the first openAfresh on it. */
const openRequests = new WeakMap<Page, Set<Request>>();
function requestsOpen(page: Page): Set<Request> {
  let open = openRequests.get(page);
  if (!open) {
    const requests = new Set<Request>();
    page.on('request', (request) => requests.add(request));
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    open = requests;
    openRequests.set(page, open);
  }
  return open;
}

/** The markup has not changed for 300 ms (false: it kept changing for 2 s). */
function markupStill(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const observer = new MutationObserver(() => {
          clearTimeout(still);
          still = setTimeout(() => finish(true), 300);
        });
        let still = setTimeout(() => finish(true), 300);
        const cap = setTimeout(() => finish(false), 2_000);
        function finish(result: boolean) {
          observer.disconnect();
          clearTimeout(still);
          clearTimeout(cap);
          resolve(result);
        }
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      }),
  );
}

/**
 * Waits until the page has no request open and its markup has not changed for 300 ms (at most 10 s).
 * Reached through the router, a team page shows its frame at once, from the memberships the console
 * holds, while the page's own data is still on the way; a fresh load shows the frame only when the
 * memberships arrive, asked for together with the page's data. Checked before that, the screen would
 * be half there.
 */
export async function quiet(page: Page): Promise<void> {
  const open = requestsOpen(page);
  const until = Date.now() + 10_000;
  for (;;) {
    while (open.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    const still = await markupStill(page);
    if ((still && open.size === 0) || Date.now() > until) return;
  }
}

/**
 * Opens the screen and its dialog on a page signed in as its actor, as a fresh load shows them,
 * without loading the console again (decision 037): the router leaves the screen before for a page
 * outside every layout (its frame, page, dialogs and menus unmount), the flash bar is emptied, the
 * focus dropped and the window scrolled to the top, then the router goes to the screen. A page not on
 * the console yet, or after a screen that may have changed the data (Screen.changesData), loads it.
 * Checked once on every screen against a fresh load (markup, boxes, visibility, computed styles,
 * focus and hover): equal, in both colour schemes, on the desktop and the phone.
 */
export async function openAfresh(page: Page, screen: Screen, team: string): Promise<void> {
  const target = await screenPath(screen, team);
  const onConsole = page.url().startsWith(new URL(target, E2E_BASE_URL).origin);
  const load = !onConsole || heldDataMayBeStale.has(page);
  heldDataMayBeStale.delete(page);
  if (screen.changesData) heldDataMayBeStale.add(page);
  requestsOpen(page);
  if (load) {
    await page.mouse.move(0, 0);
    await page.goto('about:blank');
    await page.goto(target);
  } else {
    await leaveScreen(page);
    await routeTo(page, target);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeHidden();
  }
  await quiet(page);
  await openAndWait(page, screen);
  if (screen.open) await quiet(page);
}

/**
 * The screen before left for BETWEEN_SCREENS: nothing of it, no flash, no focus, no hover, scrolled
 * to the top.
 */
async function leaveScreen(page: Page): Promise<void> {
  await routeTo(page, BETWEEN_SCREENS);
  const between = page.getByRole('heading', { name: 'Page not found' });
  await expect(between).toBeVisible();
  // The flash bar belongs to the root, which stays: a flash the screen before raised is closed.
  const closeFlash = page
    .getByRole('status')
    .or(page.getByRole('alert'))
    .getByRole('button', { name: 'Close' });
  for (let shown = await closeFlash.count(); shown > 0; shown = await closeFlash.count()) {
    await closeFlash.first().click();
  }
  const overlays = page.getByRole('dialog').or(page.getByRole('menu')).or(page.getByRole('listbox'));
  await expect(overlays).toHaveCount(0);
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
    // Mantine keeps the node its portals (dialogs, menus) share once one has opened; emptied, it is
    // taken out, as a fresh page has none (Mantine makes a new one for the next portal).
    for (const node of document.querySelectorAll('[data-mantine-shared-portal-node]')) {
      if (node.childElementCount === 0) node.remove();
    }
  });
  // The mouse to the top left corner: a fresh load hovers whatever lies under the mouse's last place
  // (the screen before's last click), and so would this page; the corner makes it the same each time.
  await page.mouse.move(0, 0);
}
