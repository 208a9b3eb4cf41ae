// Web sign-up (issue 11): by a mailed link (read from the outbox), by Google and by Microsoft through
// the built-in identity sandbox's sign-in page; each pays in the sandbox's hosted checkout and ends
// on weblogin-success, then the new team's overview.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { cli } from './support/cli';

const unique = (name: string, domain = 'newco.test') => `${name}-${randomBytes(3).toString('hex')}@${domain}`;

/** The sign-in link of the newest mail to the address, from `cli outbox`. */
async function mailedLink(email: string): Promise<string> {
  const lines = (await cli('outbox')).split('\n');
  const at = lines.findIndex((line) => line.includes(email));
  const link = lines[at + 1]?.trim() ?? '';
  expect(link).toMatch(/\/api\/v1\/auth\/web\/login\/email\/callback\?key=[\w-]{43}$/);
  return link;
}

/** Pays in the sandbox's hosted checkout, as the billing specs do. */
async function payHostedCheckout(page: Page, email: string) {
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('New Owner');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

/** weblogin-success, then Continue to the team's overview. */
async function endsOnOverview(page: Page, teamName: string) {
  const heading = page.getByRole('heading', { level: 1, name: 'Your team is now on Spark Premium!' });
  // Once used, the token leaves the address bar, and no history entry keeps it (issue 20): one step
  // back is the finished checkout, which (read afresh) shows no way back any more.
  // The address changes once the token has signed in: the exchange comes first.
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/weblogin-success$/, { timeout: 30_000 });
  await expect(heading).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/checkout\/cs_\w+$/);
  await page.reload();
  await expect(page.getByText('This checkout is complete.', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toBeHidden();
  await page.goForward();
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/weblogin-success$/);
  await expect(heading).toBeVisible();
  await expect(page.getByRole('list', { name: 'Benefits' }).getByRole('listitem')).toHaveText([
    'Unlimited or high storage',
    'Shared inboxes',
    'Shared draft collaborators',
    'Advanced link settings',
  ]);
  await expect(page.getByText('Your free 14-day trial will start from the log in Spark.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
  await expect(page.getByRole('heading', { name: 'Team Preferences' })).toBeVisible();
  await expect(page.getByText(teamName).first()).toBeVisible();
}

/** A provider's sandbox sign-in page: email, name, 'Sign in'. */
async function signInAtSandbox(page: Page, provider: 'Google' | 'Microsoft', email: string, name: string) {
  await expect(page.getByRole('heading', { name: `${provider} (sandbox)` })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign-up by email link: verify, send again, the link from the outbox, checkout, success, overview', async ({
  page,
}) => {
  const email = unique('nora');
  await page.goto('/web-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Spark for Teams' })).toBeVisible();
  await expect(page.getByText("Let's add your email")).toBeVisible();
  await expect(page.getByText('OR', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
  const arrow = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(arrow).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email' }).fill('nora@newco');
  await expect(arrow).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await arrow.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('We have sent you a link to confirm your account')).toBeVisible();
  await expect(page.getByText("Haven't received a link?")).toBeVisible();
  await page.getByRole('button', { name: 'Send again.' }).click();
  await expect(page.getByText('We have resent you a confirmation link.')).toBeVisible();

  const link = await mailedLink(email);
  await page.goto(link);
  await payHostedCheckout(page, email);
  await endsOnOverview(page, `${email.slice(0, email.indexOf('@'))}'s team`);

  // The same mail clicked again: the sign-up page says why, and a new link can be asked for there.
  await page.goto(link);
  await expect(page).toHaveURL(/\/web-login\?link=used$/);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This sign-in link was already used. Enter your email to get a new one.' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
});

test('sign-up with Google through the sandbox identity provider', async ({ page }) => {
  await page.goto('/web-login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const email = unique('grace', 'gmail.com');
  await signInAtSandbox(page, 'Google', email, 'Grace Hopper');
  await payHostedCheckout(page, email);
  await endsOnOverview(page, "Grace Hopper's team");
});

test('sign-up with Microsoft through the sandbox identity provider', async ({ page }) => {
  await page.goto('/web-login?team_plan_id=premium_30');
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  const email = unique('alan', 'outlook.com');
  await signInAtSandbox(page, 'Microsoft', email, 'Alan Turing');
  await payHostedCheckout(page, email);
  await endsOnOverview(page, "Alan Turing's team");
});

test('an address of a Google domain goes to Google instead of a mailed link', async ({ page }) => {
  await page.goto('/web-login');
  await page.getByRole('textbox', { name: 'Email' }).fill(unique('gus', 'gmail.com'));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Google (sandbox)' })).toBeVisible({ timeout: 15_000 });
});

test('a Google callback opened in a browser that did not start the sign-in lands on /web-login saying why', async ({
  page,
  browser,
}) => {
  // The attacker's browser signs in at the provider and stops before the last redirect back: the
  // sign-in form's answer and the provider's next one are followed by hand (a route sees no redirect).
  let callback = '';
  await page.route(/\/sandbox\/identity\/google\/interaction\//, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const submitted = await route.fetch({ maxRedirects: 0 });
    const resume = new URL(submitted.headers().location as string, route.request().url());
    const back = await page.request.get(resume.href, { maxRedirects: 0 });
    callback = back.headers().location as string;
    await route.fulfill({ contentType: 'text/html', body: '<p>Stopped before the callback.</p>' });
  });
  await page.goto('/web-login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const email = unique('mallory', 'gmail.com');
  await signInAtSandbox(page, 'Google', email, 'Mallory');
  await expect.poll(() => callback).toContain('state=');

  // The victim's browser (no state cookie) opens that URL: not signed in, told why.
  const victim = await browser.newContext();
  const victimPage = await victim.newPage();
  await victimPage.goto(callback);
  await expect(victimPage).toHaveURL(/\/web-login\?oauth=browser$/);
  await expect(
    victimPage.getByRole('alert').filter({
      hasText: 'This sign-in was not started in this browser, or it took too long. Please sign in again.',
    }),
  ).toBeVisible();
  await expect(victimPage.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await victim.close();
});

test('without Google or Microsoft keys the page offers the mailed link alone, a Gmail address included', async ({
  page,
}) => {
  // The server writes the providers it has keys for into index.html; this one is shown a server
  // without any (as on a public address without GOOGLE_* and MICROSOFT_*).
  await page.route(/\/web-login(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /&#34;signInProviders&#34;:\[[^\]]*\]/,
      '&#34;signInProviders&#34;:[]',
    );
    expect(body).toContain('&#34;signInProviders&#34;:[]');
    await route.fulfill({ response, body });
  });
  await page.goto('/web-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Spark for Teams' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeHidden();
  await expect(page.getByText('OR', { exact: true })).toBeHidden();
  const email = unique('gail', 'gmail.com');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(email)).toBeVisible();
});

test('a sign-in cancelled at Google lands on /web-login saying so, with the same plan', async ({ page }) => {
  await page.goto('/web-login?team_plan_id=premium_30');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Google (sandbox)' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/web-login\?.*team_plan_id=premium_30.*&oauth=cancelled$/);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'The sign-in was cancelled. Choose how you want to continue.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
});

test('a Microsoft work address its organisation did not verify lands on /web-login saying why', async ({
  page,
}) => {
  await page.goto('/web-login');
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expect(page.getByRole('heading', { name: 'Microsoft (sandbox)' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Email').fill(unique('mia', 'fabrikam.test'));
  await page.getByLabel('Name').fill('Mia');
  await page.getByLabel(/Domain verified/).uncheck();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/web-login\?.*&oauth=unverified$/);
  await expect(
    page.getByRole('alert').filter({
      hasText:
        'Google or Microsoft did not confirm that this email address is yours. Enter your email to get a sign-in link instead.',
    }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
});
