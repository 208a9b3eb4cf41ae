// Decision 017: a promotion code is redeemed once per customer. Acme has taken WELCOME10 with one
// plan change; the Confirmation step of the next says why the code is refused.
import { expect, test } from '@playwright/test';
import { dialog, openAcmeBilling } from './support/billing';
import { authCode, E2E_BASE_URL } from './support/cli';

test.describe.configure({ timeout: 120_000 });

/**
 * Acme's owner changes the plan over the API, as another tab would have: down to Plus monthly, then
 * to Plus yearly with WELCOME10. The year costs money, so the code is spent (on a change that comes
 * to a credit it gives nothing, and is not).
 */
async function redeemWelcome10(teamUserRef: string): Promise<void> {
  const exchange = await fetch(`${E2E_BASE_URL}/api/v2/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: await authCode('olivia@acme.test') }),
  });
  const { accessToken } = (await exchange.json()) as { accessToken: string };
  const changePlan = (body: object) =>
    fetch(`${E2E_BASE_URL}/api/v2/collab/${teamUserRef}/billing/plan`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await changePlan({ planId: 'plus_30' })).status).toBe(200);
  expect((await changePlan({ planId: 'plus_365', coupon: 'WELCOME10' })).status).toBe(200);
}

test('a promotion code the team redeemed before is refused with why', async ({ page }) => {
  await openAcmeBilling(page);
  const ref = /\/teams\/(\d+-\d+)\/billing$/.exec(page.url())?.[1] ?? '';
  await redeemWelcome10(ref);
  await page.reload();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const confirmation = dialog(page);
  await confirmation.getByRole('button', { name: 'I have a promotion code' }).click();
  await confirmation.getByRole('textbox', { name: 'Promotion code' }).fill('WELCOME10');
  await confirmation.getByRole('button', { name: 'Apply' }).click();
  await expect(confirmation.getByText('Promotion code has already been used')).toBeVisible();
  await expect(confirmation.getByRole('row', { name: /^Discount \(WELCOME10\)/ })).toHaveCount(0);
});
