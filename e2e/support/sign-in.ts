// Signing in through a login link (/login?token=...&team_id=...&user_id=...), as people arrive from
// the app. Signed in means the session is stored: the page's address becomes the team page's only
// then (decision 052), but a test that goes on with `page.goto` needs the stored session itself.
import { expect, type Page } from '@playwright/test';
import { loginUrl } from './cli';

/** The console's stored session's key (the default storage prefix). */
export const SESSION_STORAGE_KEY = 'spark-console:session';

/** The account of the page's stored session, or null. */
export async function storedSessionUid(page: Page): Promise<number | null> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
  return stored === null ? null : ((JSON.parse(stored) as { uid?: number | null }).uid ?? null);
}

/** The account a login link's one-time code signs in (its `uid` claim, read without verifying). */
function linkUid(link: string): number {
  const payload = (new URL(link).searchParams.get('token') ?? '').split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { uid: number }).uid;
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
  const link = await loginUrl(email, team);
  await page.goto(link);
  // This account's session: another one may be stored already (a second sign-in in the same tab).
  await expect.poll(() => storedSessionUid(page), { timeout }).toBe(linkUid(link));
  if (!team) return '';
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/, { timeout });
  return new URL(page.url()).pathname.replace(/\/overview$/, '');
}
