// The API reference page (/api/docs) is server-rendered HTML with no script: it must read well in a
// browser under the server's strict Content-Security-Policy, with no blocked load.
import { expect, test } from '@playwright/test';

test('the API reference reads in a browser without a policy violation', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Spark Teams Console API' })).toBeVisible();
  const role = page.locator('section', {
    has: page.getByRole('heading', { name: /PUT\s+\/api\/v1\/collab\/\{teamUser\}\/users\/\{id\}\/role/ }),
  });
  await expect(role.getByRole('cell', { name: 'errorCode 1200 (Token is invalid)' })).toBeVisible();
  await expect(role.getByRole('heading', { name: 'Body (application/json)' })).toBeVisible();
  await expect(role.locator('h4 + pre')).toContainText('"enum": [');
  await page.getByRole('link', { name: '/api/openapi.json' }).click();
  await expect(page.locator('body')).toContainText('"openapi":"3.1.0"');
  expect(violations).toEqual([]);
});
