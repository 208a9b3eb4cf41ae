import type { Page } from '@playwright/test';

/** Holds every request to addresses matching `pattern` until `release()`. */
export async function hold(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Holds the console's entry module until `release()`: the page shows its HTML alone meanwhile (open
 * it with `waitUntil: 'commit'`: the load event waits for the module).
 */
export function holdConsoleCode(page: Page): Promise<() => void> {
  return hold(page, /\/assets\/index-[\w-]+\.js$/);
}

/**
 * Console errors and uncaught errors (a hydration mismatch is reported as one); a failed request is
 * left out (a bad key's 404 is the page's answer, not a fault).
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
