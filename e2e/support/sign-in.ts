// Signing in through a login link (/login?token=...&team_id=...&user_id=...), as people arrive from
// the app. Signed in means the session is stored: the page's address becomes the team page's only
// then (decision 051), but a test that goes on with `page.goto` needs the stored session itself.
import { expect, type Page } from '@playwright/test';
import { loginUrl } from './cli';

/** The console's stored session's key (the default storage prefix). */
export const SESSION_STORAGE_KEY = 'spark-console:session';

/** Whether the page has a stored session. */
export async function hasStoredSession(page: Page): Promise<boolean> {
  return (await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)) !== null;
}

/**
 * Opens a fresh login link for `email` (in `team`) and waits until its session is stored and the
 * address is the team's overview (home without a team); answers the team area's prefix
 * (`/teams/{tid}-{uid}`), or '' without a team.
 */
export async function signInByLink(
  page: Page,
  email: string,
  team?: string,
  { timeout }: { timeout?: number } = {},
): Promise<string> {
  await page.goto(await loginUrl(email, team));
  await expect.poll(() => hasStoredSession(page), { timeout }).toBe(true);
  if (!team) return '';
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/, { timeout });
  return new URL(page.url()).pathname.replace(/\/overview$/, '');
}
