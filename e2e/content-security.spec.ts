// The Content-Security-Policy the server sends must not break any screen: the console, Mantine's
// styles, the card form with the Stripe.js stand-in and its 3-D Secure frame, the contact-us frame.
// Chromium reports every blocked load as a 'securitypolicyviolation' event; none may fire.
import { expect, type Page, test } from '@playwright/test';
import { CARDS, dialog, openAcmeBilling, submitCard } from './support/billing';
import { loginUrl } from './support/cli';

/** Collects the page's CSP violations from the start of every document it loads. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} on ${location.pathname}`,
      );
    });
  });
  return violations;
}

test('the public pages and the team screens load without a policy violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ['/web-login', '/accept-invitation?key=x', '/no/such/page']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Get Spark' })).toBeVisible();
  }
  await page.goto(await loginUrl('olivia@acme.test', 'Acme Inc'));
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('listitem', { name: 'Mia Member' })).toBeVisible();
  await page.getByRole('link', { name: 'Talk to Customer Success' }).click();
  await expect(page.locator('iframe')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the card form and its 3-D Secure frame work under the billing page policy', async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.request.get('/teams/1-1/billing', { headers: { accept: 'text/html' } });
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await openAcmeBilling(page);
  await page.getByRole('region', { name: 'Payment details' }).getByRole('button', { name: 'Edit' }).click();
  await submitCard(page, CARDS.threeDSecure);
  await page.frameLocator('iframe').first().getByRole('button', { name: 'Fail authentication' }).click();
  await expect(dialog(page)).toHaveCount(0);
  expect(violations).toEqual([]);
});
